/*
 * serve_mhd.h -- libmicrohttpd for `grundy serve`, loaded on first use.
 *
 * libmicrohttpd is not linked: it pulls in gnutls and seven more
 * libraries, about 4 ms of loading at every start of grundy, for the one
 * subcommand that serves.  serve_mhd_require() loads it (dlopen of the
 * soname the build found, GRUNDY_MHD_SONAME) and serve.c calls its
 * functions as MHD(f)(...), through the table filled from it.
 */
#ifndef GRUNDY_SERVE_MHD_H
#define GRUNDY_SERVE_MHD_H

#include <microhttpd.h>

/* The functions of libmicrohttpd that serve.c calls. */
#define SERVE_MHD_FUNCS(X) \
    X(MHD_add_response_header) \
    X(MHD_create_response_from_buffer) \
    X(MHD_destroy_response) \
    X(MHD_get_daemon_info) \
    X(MHD_queue_response) \
    X(MHD_start_daemon) \
    X(MHD_stop_daemon)

typedef struct serve_mhd_funcs {
#define SERVE_MHD_FIELD(f) __typeof__(&f) f;
    SERVE_MHD_FUNCS(SERVE_MHD_FIELD)
#undef SERVE_MHD_FIELD
} serve_mhd_funcs;

extern serve_mhd_funcs serve_mhd;
#define MHD(f) (serve_mhd.f)

/* serve_mhd_require() : loads libmicrohttpd (once); 0 when it is there,
 * otherwise says on stderr that it cannot be loaded and returns the exit
 * code of a serve that cannot run (CLI_EXIT_DATA). */
int serve_mhd_require(void);

/* serve_flint_cleanup() : FLINT's flint_cleanup() for the calling thread
 * (FLINT keeps caches in the thread's storage) when the process has
 * loaded FLINT, else nothing. */
void serve_flint_cleanup(void);

#endif
