/*
 * grundy/version.h -- the version of grundy, for the preprocessor and at
 * run time.  This file is the one place the version is written: the build
 * reads it (CMakeLists.txt), the program prints it (grundy --version), and
 * the store records it in every table file.
 */
#ifndef GRUNDY_VERSION_H
#define GRUNDY_VERSION_H

#include "grundy/status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GRUNDY_VERSION_MAJOR 0
#define GRUNDY_VERSION_MINOR 1
#define GRUNDY_VERSION_PATCH 0
/* MAJOR * 10000 + MINOR * 100 + PATCH, for comparisons (zstd's
 * ZSTD_VERSION_NUMBER). */
#define GRUNDY_VERSION_NUMBER                                                 \
    (GRUNDY_VERSION_MAJOR * 10000 + GRUNDY_VERSION_MINOR * 100 +              \
     GRUNDY_VERSION_PATCH)

/* grundy_version() : "MAJOR.MINOR.PATCH" of the library that runs, which
 * may differ from the header a program was compiled with. */
GRUNDY_API const char *grundy_version(void);

/* grundy_version_number() : GRUNDY_VERSION_NUMBER of the library that
 * runs. */
GRUNDY_API unsigned grundy_version_number(void);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_VERSION_H */
