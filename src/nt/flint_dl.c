/*
 * flint_dl.c -- FLINT's factorisation, loaded on first use (nt_internal.h).
 *
 * libflint.so is opened by dlopen under the soname the build found
 * (GRUNDY_FLINT_SONAME, read from the library's ELF header by CMake), the
 * first time a number is factorised, and stays open for the life of the
 * process.  The functions called are taken from it through a table of
 * pointers, as src/plot/cairo.c does for cairo.  When it cannot be
 * loaded, the factorisation returns GRUNDY_ERR_IO and nothing else
 * changes.
 */
#include <dlfcn.h>
#include <pthread.h>

#include "core/dl.h"
#include "nt_internal.h"

#ifndef GRUNDY_FLINT_SONAME
#error "GRUNDY_FLINT_SONAME: the soname of libflint, set by the build"
#endif

/* The functions of FLINT this file calls. */
#define FLINT_FUNCS(X) X(n_factor)

GRUNDY_DL_LIBRARY(fx, GRUNDY_FLINT_SONAME, FLINT_FUNCS)

grundy_status grundy_nt_flint_factor(n_factor_t *f, uint64_t n)
{
    n_factor_init(f);
    if (!fx_ready())
        return GRUNDY_ERR_IO;
    fx.n_factor(f, (ulong)n, 0);
    return GRUNDY_OK;
}
