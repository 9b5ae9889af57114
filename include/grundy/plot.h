/*
 * grundy/plot.h -- pictures of values: the sequence g(0..N) of a heap
 * game (one dot per position, or one column per run of positions, rare
 * values in a second colour, a proven period marked), the histogram of a
 * table's values, the map of g(a, b) of a two-heap game, and a board
 * position with every move labelled by the value it leads to.
 *
 * A picture is built once as a scene (an opaque object: layers of
 * rectangles, circles, lines and texts, in pixels) and then written as
 * SVG, or as PDF or PNG through cairo when the library is built with
 * cairo's headers and libcairo.so.2 is found at run time (it is loaded
 * on the first such write, never at start-up).  Every front end draws
 * through these calls (`grundy plot`, `grundy serve`'s /api/plot, the
 * Python module's grundy.plot), so a picture is the same whoever asks.
 *
 * Order of use: grundy_plot_request_init() and set fields; for a table,
 * grundy_plot_map_fit() when r.map (a two-heap map must fit the height),
 * then grundy_values_table() of grundy_plot_table_count() positions,
 * then grundy_plot_draw(); for a board position, grundy_plot_board().
 * Then grundy_plot_write() or grundy_plot_write_file(), and
 * grundy_plot_free().
 *
 * Threads: a scene is used by one thread at a time; different scenes are
 * independent.  Nothing here prints or exits.
 */
#ifndef GRUNDY_PLOT_PUBLIC_H
#define GRUNDY_PLOT_PUBLIC_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/rules.h"
#include "grundy/status.h"
#include "grundy/table.h"
#include "grundy/takebreak.h"
#include "grundy/values.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Requests and what was drawn ***********************************************/

typedef struct grundy_plot_scene grundy_plot_scene; /* opaque */

typedef enum grundy_plot_format {
    GRUNDY_PLOT_SVG = 0,
    GRUNDY_PLOT_PNG = 1,
    GRUNDY_PLOT_PDF = 2
} grundy_plot_format;

/* What to draw. */
typedef struct grundy_plot_request {
    const char *spec;                    /* the rules, as the user wrote
                                            them (titles) */
    const char *title, *xlabel, *ylabel; /* NULL: the defaults */
    uint64_t upto;                       /* g(0..upto), or a, b <= upto */
    uint64_t width, height, font_size;   /* pixels; font_size 0: 11 */
    int histogram, log, no_rare;
    int map; /* a two-heap family: the map of g(a, b) (not histogram) */
} grundy_plot_request;

/* What a picture of a table is about, for a summary.  t is set by the
 * caller before grundy_plot_draw(); the rest is set by it. */
typedef struct grundy_plot_info {
    uint64_t positions, marks, columns;
    const grundy_table *t;
    grundy_period per;
    grundy_rare_info rare;
    int have_rare;
} grundy_plot_info;

/* What grundy_plot_board() drew. */
typedef struct grundy_plot_board_info {
    grundy_value value;    /* of the position */
    size_t moves, winning; /* its moves, and those to value 0 */
    size_t shown;          /* the moves labelled in the picture */
    size_t parts;          /* its independent parts */
} grundy_plot_board_info;

/* The default size of a picture, in pixels. */
#define GRUNDY_PLOT_WIDTH 960
#define GRUNDY_PLOT_HEIGHT 540

/* grundy_plot_request_init() :
 * Zero *r, with the default size GRUNDY_PLOT_WIDTH x GRUNDY_PLOT_HEIGHT. */
GRUNDY_API void grundy_plot_request_init(grundy_plot_request *r);

/* Pictures of tables ********************************************************/

/* grundy_plot_map_fit() :
 * The map of a two-heap family: whether a, b <= r->upto fit r->height
 * (GRUNDY_ERR_RANGE, with r->upto set to the largest that does, when
 * not), and r->width made that of the square and its key unless
 * have_width. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_plot_map_fit(grundy_plot_request *r, int have_width);

/* grundy_plot_table_count() :
 * How many positions of g the picture of r draws, as grundy_values_table()
 * takes it: 0 (every position) for a finite family, (upto + 1)^2 for a
 * map (r->map and not r->histogram), upto + 1 otherwise. */
GRUNDY_API uint64_t grundy_plot_table_count(const grundy_plot_request *r,
                                            const grundy_game *g);

/* grundy_plot_draw() :
 * The picture of in->t (set by the caller: g(0..upto), every position of
 * a board for a histogram, or the square a, b <= upto of a map) into a
 * new scene *out; in gets what was drawn.  The period is looked for in a
 * sequence, and rare values unless r->no_rare.  Errors (*out NULL):
 * GRUNDY_ERR_NOMEM. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_plot_draw(grundy_plot_scene **out, const grundy_plot_request *r,
                 const grundy_game *g, grundy_plot_info *in);

/* grundy_plot_period_text() :
 * "period P preperiod Q (proven)" or what was seen, as the subtitle of a
 * sequence says it; snprintf semantics into buf. */
GRUNDY_API void grundy_plot_period_text(char *buf, size_t cap,
                                        const grundy_plot_info *in);

/* Pictures of single positions **********************************************/

/* grundy_plot_board() :
 * Position p of a board game (one with grundy_board_geometry_get()) and
 * its moves, each labelled with the value it leads to, values from vals,
 * into a new scene *out of r's size, font size and title (NULL: one
 * naming r->spec and the position).  Errors (*out NULL): those of the
 * geometry, the moves and the values (GRUNDY_ERR_CANCELLED, the limits),
 * GRUNDY_ERR_NOMEM. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_plot_board(
    grundy_plot_scene **out, const grundy_plot_request *r, const grundy_game *g,
    grundy_values *vals, grundy_pos p, grundy_plot_board_info *info);

/* Writing *******************************************************************/

/* grundy_plot_write() :
 * The scene to the descriptor fd in format f.  GRUNDY_ERR_IO on a failed
 * write; GRUNDY_ERR_ARG for PDF or PNG when grundy_plot_have_cairo() is
 * 0. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_plot_write(const grundy_plot_scene *s, int fd, grundy_plot_format f);

/* grundy_plot_write_file() :
 * The scene to the file path in format f, whole or not at all: to a
 * temporary file beside it, renamed over it when complete (path is left
 * as it was on failure).  On failure *err is the errno (0 when the
 * status says it all). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_plot_write_file(const grundy_plot_scene *s, const char *path,
                       grundy_plot_format f, int *err);

/* grundy_plot_format_of_path() :
 * The format the extension of path's last component names, in any case:
 * .svg, .pdf or .png.  *ext is the extension after its dot (NULL when
 * there is none: no dot, or only a leading or trailing one).
 * GRUNDY_ERR_PARSE for another extension, GRUNDY_ERR_ARG for none. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_plot_format_of_path(grundy_plot_format *out, const char **ext,
                           const char *path);

/* grundy_plot_have_cairo() :
 * 1 when PDF and PNG can be written: the library was built with cairo's
 * headers and libcairo.so.2 loads (tried on the first call). */
GRUNDY_API int grundy_plot_have_cairo(void);

/* grundy_plot_cairo_built() :
 * 1 when the library was built with cairo's headers. */
GRUNDY_API int grundy_plot_cairo_built(void);

/* grundy_plot_free() : the scene; NULL is a no-op. */
GRUNDY_API void grundy_plot_free(grundy_plot_scene *s);

#ifdef __cplusplus
}
#endif

#endif
