/*
 * solve_digit_nim.c -- grundy solve digit-nim: Digit Nim (remove a
 * non-zero decimal digit of the pile) with winning-subset counts over
 * ranges and point updates.
 *
 * The range loop of 'grundy range digits' restricted to query types 1
 * and 2 and to piles 0 .. 10^9; the digits table grows as far as the
 * input needs (1 byte per pile size).
 */
#include <string.h>

#include "range_cli.h"
#include "solve.h"

#define DIGIT_NIM_MAX 1000000000u

int solve_digit_nim(void)
{
    range_cli_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.cmd = "solve digit-nim";
    cfg.pos_max = DIGIT_NIM_MAX;
    cfg.max_type = 2;
    cfg.modulus = GRUNDY_RANGE_DEFAULT_MODULUS;
    return cli_solve_range(&cfg, "digits");
}
