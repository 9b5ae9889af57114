/*
 * hex.c -- the value of a hexadecimal digit (grundy/format.h), read
 * alike in a take-and-break code and in a %-escape of a web address.
 * It calls nothing, so every layer may call it.
 */
#include "grundy/format.h"

int grundy_format_hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}
