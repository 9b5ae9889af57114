/*
 * serve_mhd.c -- libmicrohttpd and FLINT's cleanup, found at run time
 * (serve_mhd.h).
 *
 * As src/plot/cairo.c does for cairo: the library is opened once, under
 * the soname CMake read from the library it found, and stays open for
 * the life of the process; every function serve.c calls comes from it
 * or the load fails as a whole.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#include "cli.h"
#include "serve_mhd.h"

#ifndef GRUNDY_MHD_SONAME
#error "GRUNDY_MHD_SONAME: the soname of libmicrohttpd, set by the build"
#endif
#ifndef GRUNDY_FLINT_SONAME
#error "GRUNDY_FLINT_SONAME: the soname of libflint, set by the build"
#endif

serve_mhd_funcs serve_mhd;

static pthread_once_t mhd_once = PTHREAD_ONCE_INIT;
static int mhd_loaded;
static char mhd_why[256];

/* Each function's name and where its address goes. */
#define SERVE_MHD_SLOT(f) {#f, (void **)&serve_mhd.f},
static const struct {
    const char *name;
    void **slot;
} mhd_syms[] = {SERVE_MHD_FUNCS(SERVE_MHD_SLOT)};
#undef SERVE_MHD_SLOT

static void load_mhd(void)
{
    void *h = dlopen(GRUNDY_MHD_SONAME, RTLD_NOW | RTLD_LOCAL);
    const char *e = h ? NULL : dlerror();
    size_t i;
    if (!h) {
        snprintf(mhd_why, sizeof mhd_why, "%s", e ? e : GRUNDY_MHD_SONAME);
        return;
    }
    for (i = 0; i < sizeof mhd_syms / sizeof mhd_syms[0]; i++)
        if (!(*mhd_syms[i].slot = dlsym(h, mhd_syms[i].name))) {
            snprintf(mhd_why, sizeof mhd_why, "%s has no %s",
                     GRUNDY_MHD_SONAME, mhd_syms[i].name);
            dlclose(h);
            return;
        }
    mhd_loaded = 1; /* h stays open for the life of the process */
}

int serve_mhd_require(void)
{
    pthread_once(&mhd_once, load_mhd);
    if (mhd_loaded)
        return 0;
    fprintf(stderr, "grundy: serve: cannot load libmicrohttpd (%s); "
                    "apt-get install libmicrohttpd12\n", mhd_why);
    return CLI_EXIT_DATA;
}

void serve_flint_cleanup(void)
{
    static void (*cleanup)(void);
    void (*f)(void) = __atomic_load_n(&cleanup, __ATOMIC_ACQUIRE);
    void *h;
    if (!f) {
        /* a handle only if the library already factorised in this
         * process; otherwise there is nothing to free */
        h = dlopen(GRUNDY_FLINT_SONAME, RTLD_NOW | RTLD_NOLOAD);
        if (!h)
            return;
        *(void **)&f = dlsym(h, "flint_cleanup");
        dlclose(h); /* the library's own handle keeps it loaded */
        if (!f)
            return;
        __atomic_store_n(&cleanup, f, __ATOMIC_RELEASE);
    }
    f();
}
