/*
 * search128.c -- the board search on positions of 2 64-bit words (128
 * cells at most): search_tmpl.h instantiated.
 */
#define _GNU_SOURCE /* pthread_getcpuclockid */
#define BW 2
#define BN 128
#include "board/search_tmpl.h"
