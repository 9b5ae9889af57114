/*
 * version.c -- the library's version at run time (grundy/version.h).
 */
#include "grundy/version.h"

#define STR_(x) #x
#define STR(x) STR_(x)

const char *grundy_version(void)
{
    return STR(GRUNDY_VERSION_MAJOR) "." STR(GRUNDY_VERSION_MINOR) "." STR(
        GRUNDY_VERSION_PATCH);
}

unsigned grundy_version_number(void)
{
    return GRUNDY_VERSION_NUMBER;
}
