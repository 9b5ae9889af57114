/*
 * grundy/grundy.h -- the umbrella header: every public module of grundy.
 */
#ifndef GRUNDY_GRUNDY_H
#define GRUNDY_GRUNDY_H

#include "grundy/status.h"
#include "grundy/version.h"
#include "grundy/core.h"
#include "grundy/io.h"
#include "grundy/rules.h"
#include "grundy/table.h"
#include "grundy/range.h"
#include "grundy/sum.h"
#include "grundy/triples.h"
#include "grundy/rect.h"
#include "grundy/nt.h"
#include "grundy/count.h"
#include "grundy/takebreak.h"
#include "grundy/twoheap.h"
#include "grundy/values.h"
#include "grundy/board.h"
#include "grundy/store.h"
#include "grundy/loopy.h"
#include "grundy/misere.h"
#include "grundy/session.h"
#include "grundy/play.h"
#include "grundy/plot.h"
#include "grundy/survey.h"
#include "grundy/format.h"

#endif
