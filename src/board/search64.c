/*
 * search64.c -- the board search on positions of 1 64-bit word (64
 * cells at most): search_tmpl.h instantiated.
 */
#define _GNU_SOURCE /* pthread_getcpuclockid */
#define BW 1
#define BN 64
#include "board/search_tmpl.h"
