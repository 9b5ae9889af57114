/*
 * lists.c -- the answers of `grundy count`, `grundy store list` and
 * `grundy survey` as text, CSV and JSON.
 */
#include <stdio.h>

#include "format_internal.h"
#include "grundy/experimental.h"
#include "grundy/format.h"

static void write_u64_or_null(grundy_writer *w, int have, uint64_t v)
{
    if (have)
        grundy_writer_u64(w, v);
    else
        grundy_writer_str(w, "null");
}

void grundy_format_count(grundy_writer *w, const grundy_format_count_query *q,
                         const grundy_count_result *r,
                         grundy_format_count_part part, int json)
{
    if (json) {
        grundy_writer_char(w, '{');
        if (q->game)
            grundy_format_json_rules(w, q->spec, q->game);
        else
            grundy_writer_str(w, "\"rules\": null, \"canonical\": null");
        if (q->by_heaps) {
            grundy_format_json_u64(w, "heaps", q->heaps);
            grundy_format_json_u64(w, "max", q->max);
        } else {
            grundy_format_json_u64(w, "tuples", q->tuples);
        }
        grundy_format_json_u64(w, "moore", q->moore);
        grundy_writer_str(w, ", \"modulus\": ");
        write_u64_or_null(w, q->have_modulus, q->modulus);
        grundy_format_json_u64(w, "winning", r->winning);
        grundy_format_json_u64(w, "losing", r->losing);
        grundy_format_json_u64(w, "total", r->total);
        grundy_writer_str(w, "}\n");
        return;
    }
    switch (part) {
    case GRUNDY_FORMAT_COUNT_WINNING:
        grundy_writer_u64(w, r->winning);
        break;
    case GRUNDY_FORMAT_COUNT_LOSING:
        grundy_writer_u64(w, r->losing);
        break;
    case GRUNDY_FORMAT_COUNT_TOTAL:
        grundy_writer_u64(w, r->total);
        break;
    default:
        grundy_writer_str(w, "winning ");
        grundy_writer_u64(w, r->winning);
        grundy_writer_str(w, "\nlosing ");
        grundy_writer_u64(w, r->losing);
        grundy_writer_str(w, "\ntotal ");
        grundy_writer_u64(w, r->total);
    }
    grundy_writer_char(w, '\n');
}

static void write_period_text(grundy_writer *w, const grundy_period *p)
{
    grundy_writer_str(w, ", ");
    grundy_format_period_fields(w, p);
    grundy_writer_str(w, p->proven ? " (proven)" : " (seen, not proven)");
}

/* A file whose header cannot be read, a table's or a journal's. */
static void damaged_line(grundy_writer *w, const char *path)
{
    grundy_writer_str(w, path);
    grundy_writer_str(w, ": damaged or foreign (see 'grundy store verify')\n");
}

static void list_text(grundy_writer *w, const grundy_store *s,
                      const grundy_store_info *info, size_t n,
                      size_t nj)
{
    size_t i;
    grundy_writer_str(w, "folder ");
    grundy_writer_str(w, grundy_store_dir(s));
    grundy_writer_char(w, '\n');
    if (n == 0 && nj == 0)
        grundy_writer_str(w, "no tables\n");
    for (i = 0; i < n; i++) {
        const grundy_store_info *e = &info[i];
        if (!e->readable) {
            damaged_line(w, e->path);
            continue;
        }
        grundy_writer_str(w, e->spec);
        grundy_writer_str(w, ": ");
        grundy_format_count_of(w, e->size, "entry, ", "entries, ");
        grundy_format_count_of(w, e->width, "byte each, largest ",
                               "bytes each, largest ");
        grundy_writer_u64(w, e->max);
        grundy_writer_str(w, e->complete ? ", complete" : ", checkpoint");
        if (e->period.found)
            write_period_text(w, &e->period);
        if (e->split) {
            grundy_writer_str(w, ", split in ");
            grundy_format_count_of(w, e->slices, "slice", "slices");
        }
        grundy_writer_str(w, ", ");
        grundy_writer_u64(w, e->file_bytes);
        grundy_writer_str(w, " bytes, written by grundy ");
        grundy_writer_str(w, e->version[0] ? e->version : "?");
        grundy_writer_char(w, '\n');
    }
}

/* "4.00 GiB" */
static void write_human_bytes(grundy_writer *w, uint64_t b)
{
    static const char *const unit[] = {"KiB", "MiB", "GiB",
                                       "TiB", "PiB", "EiB"};
    char buf[32];
    double x = (double)b;
    int u = -1;
    if (b < 1024) {
        grundy_writer_u64(w, b);
        grundy_writer_str(w, " bytes");
        return;
    }
    while (x >= 1024 && u < 5) {
        x /= 1024;
        u++;
    }
    snprintf(buf, sizeof buf, "%.2f %s", x, unit[u]);
    grundy_writer_str(w, buf);
}

/* The journals of board searches, a line each. */
static void journals_text(grundy_writer *w, const grundy_store_journal_info *j,
                          size_t nj)
{
    size_t i;
    for (i = 0; i < nj; i++) {
        const grundy_store_journal_info *e = &j[i];
        if (!e->readable) {
            damaged_line(w, e->path);
            continue;
        }
        grundy_writer_str(w, e->spec[0] ? e->spec : e->path);
        grundy_writer_str(w, ": board search, ");
        grundy_format_count_of(w, e->records, "fact kept, ", "facts kept, ");
        grundy_writer_u64(w, e->width);
        grundy_writer_str(w, "-bit keys, ");
        grundy_writer_u64(w, e->file_bytes);
        grundy_writer_str(w, " bytes");
        if (e->in_use)
            grundy_writer_str(w, ", in use");
        grundy_writer_char(w, '\n');
    }
}

static void total_text(grundy_writer *w, const grundy_store *s, uint64_t bytes,
                       size_t tables, size_t searches)
{
    uint64_t lim = grundy_store_size_limit(s);
    grundy_writer_str(w, "total ");
    grundy_writer_u64(w, bytes);
    grundy_writer_str(w, " bytes");
    if (bytes >= 1024) {
        grundy_writer_str(w, " (");
        write_human_bytes(w, bytes);
        grundy_writer_char(w, ')');
    }
    grundy_writer_str(w, " in ");
    grundy_format_count_of(w, tables, "table", "tables");
    if (searches) {
        grundy_writer_str(w, " and ");
        grundy_format_count_of(w, searches, "search", "searches");
    }
    grundy_writer_str(w, ", limit ");
    if (lim == UINT64_MAX) {
        grundy_writer_str(w, "none\n");
        return;
    }
    write_human_bytes(w, lim);
    grundy_writer_char(w, '\n');
}

static void list_json(grundy_writer *w, const grundy_store *s,
                      const grundy_store_info *info, size_t n,
                      const grundy_store_journal_info *j, size_t nj,
                      uint64_t bytes)
{
    size_t i;
    int first = 1;
    grundy_writer_str(w, "{\"dir\": ");
    grundy_format_json_str(w, grundy_store_dir(s));
    grundy_writer_str(w, ", \"tables\": [");
    for (i = 0; i < n; i++) {
        const grundy_store_info *e = &info[i];
        if (!e->readable)
            continue;
        grundy_writer_str(w, first ? "{\"rules\": " : ", {\"rules\": ");
        first = 0;
        grundy_format_json_str(w, e->spec);
        grundy_writer_str(w, ", \"canonical\": "); /* filed under it */
        grundy_format_json_str(w, e->spec);
        grundy_writer_str(w, ", \"file\": ");
        grundy_format_json_str(w, e->path);
        grundy_format_json_u64(w, "entries", e->size);
        grundy_format_json_u64(w, "width", e->width);
        grundy_format_json_u64(w, "max", e->max);
        grundy_writer_str(w, ", \"complete\": ");
        grundy_writer_str(w, e->complete ? "true" : "false");
        grundy_writer_str(w, ", \"period\": ");
        grundy_format_json_period(w, &e->period);
        grundy_format_json_u64(w, "bytes", e->file_bytes);
        grundy_writer_str(w, ", \"version\": ");
        grundy_format_json_str(w, e->version);
        grundy_writer_str(w, ", \"slices\": ");
        write_u64_or_null(w, e->split, e->slices);
        grundy_writer_char(w, '}');
    }
    grundy_writer_str(w, "], \"searches\": [");
    first = 1;
    for (i = 0; i < nj; i++) {
        if (!j[i].readable)
            continue;
        grundy_writer_str(w, first ? "{\"rules\": " : ", {\"rules\": ");
        first = 0;
        grundy_format_json_str(w, j[i].spec);
        grundy_writer_str(w, ", \"file\": ");
        grundy_format_json_str(w, j[i].path);
        grundy_format_json_u64(w, "facts", j[i].records);
        grundy_format_json_u64(w, "width", j[i].width);
        grundy_format_json_u64(w, "bytes", j[i].file_bytes);
        grundy_writer_str(w, ", \"in_use\": ");
        grundy_writer_str(w, j[i].in_use ? "true" : "false");
        grundy_writer_char(w, '}');
    }
    grundy_writer_str(w, "], \"damaged\": [");
    first = 1;
    for (i = 0; i < n + nj; i++) {
        /* the tables' files, then the journals' */
        int readable = i < n ? info[i].readable : j[i - n].readable;
        if (readable)
            continue;
        if (!first)
            grundy_writer_str(w, ", ");
        first = 0;
        grundy_format_json_str(w, i < n ? info[i].path : j[i - n].path);
    }
    grundy_writer_str(w, "], \"total_bytes\": ");
    grundy_writer_u64(w, bytes);
    grundy_writer_str(w, ", \"limit_bytes\": ");
    write_u64_or_null(w, grundy_store_size_limit(s) != UINT64_MAX,
                      grundy_store_size_limit(s));
    grundy_writer_str(w, "}\n");
}

void grundy_format_store_listing(grundy_writer *w, const grundy_store *s,
                                 const grundy_store_info *info, size_t n,
                                 const grundy_store_journal_info *j,
                                 size_t nj, uint64_t bytes, int json)
{
    size_t i, tables = 0, searches = 0;
    if (json) {
        list_json(w, s, info, n, j, nj, bytes);
        return;
    }
    for (i = 0; i < n; i++)
        tables += info[i].readable;
    for (i = 0; i < nj; i++)
        searches += j[i].readable;
    list_text(w, s, info, n, nj);
    journals_text(w, j, nj);
    total_text(w, s, bytes, tables, searches);
}

void grundy_format_store_list(grundy_writer *w, const grundy_store *s,
                              const grundy_store_info *info, size_t n,
                              uint64_t bytes, int json)
{
    grundy_format_store_listing(w, s, info, n, NULL, 0, bytes, json);
}

static void write_seconds(grundy_writer *w, double s)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%.3f", s);
    grundy_writer_str(w, buf);
}

void grundy_format_survey_header(grundy_writer *w, grundy_format_style style)
{
    if (style == GRUNDY_FORMAT_JSON)
        return;
    if (style == GRUNDY_FORMAT_CSV)
        grundy_writer_str(w, "code,group,status,period,preperiod,saltus,"
                             "max,last_rare,seconds\n");
    else
        grundy_writer_str(w, "code      group     status               "
                             "period  preperiod  max  last_rare  seconds\n");
}

void grundy_format_survey_row(grundy_writer *w, const grundy_survey *sv,
                              size_t i, uint64_t upto,
                              grundy_format_style style)
{
    const grundy_survey_row *r = grundy_survey_row_at(sv, i);
    const grundy_survey_row *grp = grundy_survey_row_at(sv, r->group);
    grundy_survey_status rs = grundy_survey_row_status(r);
    int per = rs == GRUNDY_SURVEY_PERIODIC || rs == GRUNDY_SURVEY_ARITHMETIC;
    int ok = r->status == GRUNDY_OK;
    if (style == GRUNDY_FORMAT_JSON) {
        grundy_writer_str(w, "{\"code\": ");
        grundy_format_json_str(w, r->code);
        grundy_writer_str(w, ", \"group\": ");
        grundy_format_json_str(w, grp->canon);
        grundy_format_json_u64(w, "upto", upto);
        grundy_writer_str(w, ", \"status\": \"");
        grundy_writer_str(w, grundy_survey_status_name(rs));
        grundy_writer_str(w, "\", \"period\": ");
        grundy_format_json_period(w, per ? &r->per : NULL);
        grundy_writer_str(w, ", \"max\": ");
        write_u64_or_null(w, ok, r->max);
        grundy_writer_str(w, ", \"last_rare\": ");
        write_u64_or_null(w, r->have_rare, r->last_rare);
        grundy_writer_str(w, ", \"seconds\": ");
        write_seconds(w, r->seconds);
        grundy_writer_str(w, "}\n");
        return;
    }
    if (style == GRUNDY_FORMAT_CSV) {
        grundy_writer_str(w, r->code);
        grundy_writer_char(w, ',');
        grundy_writer_str(w, grp->canon);
        grundy_writer_char(w, ',');
        grundy_writer_str(w, grundy_survey_status_name(rs));
        grundy_writer_char(w, ',');
        if (per) {
            grundy_writer_u64(w, r->per.period);
            grundy_writer_char(w, ',');
            grundy_writer_u64(w, r->per.preperiod);
            grundy_writer_char(w, ',');
            grundy_writer_u64(w, r->per.saltus);
        } else {
            grundy_writer_str(w, ",,");
        }
        grundy_writer_char(w, ',');
        if (ok)
            grundy_writer_u64(w, r->max);
        grundy_writer_char(w, ',');
        if (r->have_rare)
            grundy_writer_u64(w, r->last_rare);
        grundy_writer_char(w, ',');
        write_seconds(w, r->seconds);
        grundy_writer_char(w, '\n');
        return;
    }
    {
        char line[512], p[24] = "-", q[24] = "-", m[24] = "-", lr[24] = "-";
        char stbuf[48];
        if (per) {
            snprintf(p, sizeof p, "%llu", (unsigned long long)r->per.period);
            snprintf(q, sizeof q, "%llu", (unsigned long long)r->per.preperiod);
        }
        if (ok)
            snprintf(m, sizeof m, "%llu", (unsigned long long)r->max);
        if (r->have_rare)
            snprintf(lr, sizeof lr, "%llu", (unsigned long long)r->last_rare);
        if (!ok)
            snprintf(stbuf, sizeof stbuf, "skipped");
        else if (per && r->per.saltus)
            snprintf(stbuf, sizeof stbuf, "arithmetic (+%llu)",
                     (unsigned long long)r->per.saltus);
        else if (per)
            snprintf(stbuf, sizeof stbuf, "period proven");
        else
            snprintf(stbuf, sizeof stbuf, "none found");
        snprintf(line, sizeof line, "%-9s %-9s %-20s %7s %10s %4s %10s %8.3f\n",
                 r->code, grp->canon, stbuf, p, q, m, lr, r->seconds);
        grundy_writer_str(w, line);
    }
}
