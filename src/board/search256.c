/*
 * search256.c -- the board search on positions of 4 64-bit words (256
 * cells at most): search_tmpl.h instantiated.
 */
#define _GNU_SOURCE /* pthread_getcpuclockid */
#define BW 4
#define BN 256
#include "board/search_tmpl.h"
