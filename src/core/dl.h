/*
 * dl.h -- an optional shared library loaded on first use.
 *
 * GRUNDY_DL_LIBRARY(lib, SONAME, FUNCS) defines, in the file that uses
 * it, a table `lib` with one pointer per function that FUNCS(X) lists
 * (FUNCS(X) expands X(f) for each function f, whose prototype the file
 * includes), and `int lib_ready(void)`: the first call opens SONAME
 * with dlopen and takes every function from it, all or none; it returns
 * 1 when they were all found (the library then stays open for the life
 * of the process) and 0 otherwise, and later calls return the same
 * without looking again (thread-safe: pthread_once).  Callers call
 * through the table: lib.f(...).  The file includes <dlfcn.h> and
 * <pthread.h>.
 */
#ifndef GRUNDY_CORE_DL_H
#define GRUNDY_CORE_DL_H

#define GRUNDY_DL_FIELD_(f) __typeof__(&f) f;
#define GRUNDY_DL_TAKE_(f)                                                    \
    if (!(*(void **)&grundy_dl_t_->f = dlsym(h, #f))) {                       \
        dlclose(h);                                                           \
        return;                                                               \
    }

#define GRUNDY_DL_LIBRARY(lib, soname, FUNCS)                                 \
    static struct {                                                           \
        FUNCS(GRUNDY_DL_FIELD_)                                               \
    } lib;                                                                    \
    static pthread_once_t lib##_once_ = PTHREAD_ONCE_INIT;                    \
    static int lib##_found_;                                                  \
    static void lib##_load_(void)                                             \
    {                                                                         \
        void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);                      \
        if (!h)                                                               \
            return;                                                           \
        {                                                                     \
            __typeof__(lib) *grundy_dl_t_ = &lib;                             \
            FUNCS(GRUNDY_DL_TAKE_)                                            \
        }                                                                     \
        lib##_found_ = 1;                                                     \
    }                                                                         \
    static int lib##_ready(void)                                              \
    {                                                                         \
        pthread_once(&lib##_once_, lib##_load_);                              \
        return lib##_found_;                                                  \
    }

#endif
