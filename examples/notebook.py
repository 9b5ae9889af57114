# %% [markdown]
# # Dawson's Chess (0.137) with grundy, in a notebook
#
# A walk through what a researcher does with an octal game: the values,
# their period, a picture, and the winning moves of a sum.  The file is a
# notebook in the "percent" format: Jupyter (with jupytext), VS Code and
# Spyder open it cell by cell, and `python3 examples/notebook.py` runs it
# whole.  It needs the grundy package (`pip install .` from the checkout,
# see README.md, "Use from Python") and numpy; matplotlib is used for the
# plot when it is installed, otherwise the picture is written as SVG.

# %%
import os

import numpy as np

import grundy

OUT = os.environ.get("GRUNDY_NOTEBOOK_OUT", ".")

# %% [markdown]
# ## The values
# `grundy.values(spec, N)` is g(0), ..., g(N) as a numpy array, a view of
# the library's table (nothing is copied).  Dawson's Chess is the octal
# game 0.137 on rows of pawns: a move takes one pawn that stands alone,
# two from the end of a row (or a whole row of two), or three anywhere
# in a row, leaving the rest as one or two rows.

# %%
g = grundy.values("0.137", 1_000_000)
print("g(0..39) =", g[:40].tolist())
print("values 0..%d, P-positions (g = 0) below 100:" % g.max(),
      np.flatnonzero(g[:100] == 0).tolist())

# %% [markdown]
# ## The period
# Octal games are eventually periodic when a period can be proven: the
# Guy-Smith criterion turns a long enough repetition into a proof.
# `grundy.period` grows the table until it can prove one.

# %%
p = grundy.period("0.137")
print("0.137: period %d from %d (%s)" % (p.period, p.preperiod,
                                         "proven" if p.proven else "seen"))
q, per = p.preperiod, p.period
assert (g[q + per:] == g[q:-per]).all()      # it holds on the whole table
print("g(10^18) =", grundy.value("0.137", 10**18), "(through the period)")

# %% [markdown]
# ## A picture
# Dots of g(n) against n, with the preperiod marked.  (The program draws
# this too: `grundy plot 0.137 --upto 300 -o 0.137.svg`.)

# %%
N = 300
try:
    import matplotlib
    matplotlib.use(os.environ.get("MPLBACKEND", "Agg"))
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4))
    ax.scatter(np.arange(N + 1), g[:N + 1], s=8)
    ax.axvline(q, ls="--", color="green", label="preperiod %d" % q)
    ax.set_xlabel("n")
    ax.set_ylabel("g(n)")
    ax.set_title("0.137: g(n), period %d" % per)
    ax.legend()
    path = os.path.join(OUT, "dawsons-chess.png")
    fig.savefig(path, dpi=100)
except ImportError:
    # no matplotlib: the same dots as a small SVG, written by hand
    W, H, top = 900.0, 300.0, float(g[:N + 1].max())
    dots = "".join('<circle cx="%.1f" cy="%.1f" r="2"/>' % (
        20 + n * (W - 40) / N, H - 20 - v * (H - 40) / top)
        for n, v in enumerate(g[:N + 1].tolist()))
    x = 20 + q * (W - 40) / N
    path = os.path.join(OUT, "dawsons-chess.svg")
    with open(path, "w", encoding="utf-8") as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg" width="%d" '
                'height="%d"><g fill="#1f5fa8">%s</g><line x1="%.1f" '
                'y1="10" x2="%.1f" y2="%d" stroke="green" '
                'stroke-dasharray="6 4"/></svg>\n'
                % (W, H, dots, x, x, H - 10))
print("picture:", path)

# %% [markdown]
# ## How often each value occurs
# numpy does the counting; the rare values of the sparse space method are
# those whose AND with a mask has an even number of ones.

# %%
counts = np.bincount(g)
print("count of each value up to 10^6:", counts.tolist())

# %% [markdown]
# ## A sum and its winning moves
# Three rows of pawns, 10, 20 and 7 long.  The first player wins when the
# nim-sum of the values is not 0, and `analyze` lists every winning move:
# the component, the row it leaves (a move may split a row in two), and
# that row's new value.

# %%
a = grundy.analyze([("0.137", 10), ("0.137", 20), ("0.137", 7)])
print("values", a.values, "nim-sum", a.nim_sum, "winner", a.winner)
for m in a.moves:
    left = " + ".join(map(str, m.to)) if m.to else "nothing"
    print("  row %d: %d -> %s (value %d)" % (m.component + 1, m.position,
                                             left, m.value))
