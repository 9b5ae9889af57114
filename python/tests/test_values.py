"""grundy.values / value / period against the grundy program."""
import numpy as np
import pytest

import grundy

HEAP_SPECS = ["nim", "subtract:1,3,4", "subtract:2,5,7", "allbut:1,2",
              "digits", "digits:base=3", "half", "0.137", "kayles", "0.07",
              "4.07", "0.6", "0.F7", "grundy-game", "0.8"]


def cli_table(cli, *args):
    return [int(line.split()[1]) for line in cli("values", *args).split("\n")
            if line]


@pytest.mark.parametrize("spec", HEAP_SPECS)
def test_values_match_cli(cli, spec):
    n = 300 if spec == "0.8" else 2000
    got = grundy.values(spec, n)
    assert len(got) == n + 1
    assert got.tolist() == cli_table(cli, spec, "--upto", n)


@pytest.mark.parametrize("spec", ["rect:2x2", "rect:3x3", "rect:2x5"])
def test_values_of_boards_match_cli(cli, spec):
    got = grundy.values(spec)
    assert got.tolist() == cli_table(cli, spec, "--all")


def test_values_dtype_follows_the_table_width():
    assert grundy.values("subtract:1,3,4", 10).dtype == np.uint8
    assert grundy.values("grundy-game", 10).dtype == np.uint16
    assert grundy.values("0.8", 2000).max() > 255


def test_values_are_a_read_only_view():
    a = grundy.values("0.137", 100000)
    assert not a.flags.owndata and not a.flags.writeable
    assert a.base is not None
    with pytest.raises(ValueError):
        a[0] = 1
    b = a[10:20]  # views of the view keep the table alive
    del a
    assert b.tolist() == grundy.values("0.137", 19)[10:].tolist()


def test_value_single_and_many(cli):
    assert grundy.value("kayles", 10**18) == int(
        cli("values", "kayles", "--at", 10**18))
    assert grundy.value("subtract:2,5,7", 10**18) == int(
        cli("values", "subtract:2,5,7", "--at", 10**18))
    assert grundy.value("rect:4x4", "1111/1101/1110/1111") == 14
    assert grundy.value("rect:4x4", "1111/1101/1110/1111") == int(
        cli("values", "rect:4x4", "--at", "1111/1101/1110/1111"))
    assert grundy.value("digits", np.int64(12345678)) == 8
    many = grundy.value("0.137", [5, 0, 1000, 17])
    assert many.dtype == np.uint64
    table = grundy.values("0.137", 1000)
    assert many.tolist() == [table[5], table[0], table[1000], table[17]]
    arr = grundy.value("0.137", np.arange(1001))
    assert arr.tolist() == table.tolist()
    assert grundy.value("nim", []).tolist() == []


def period_of(cli, *args):
    return cli("values", *args, "--period").strip()


def describe(p):
    """A Period in the program's words."""
    if p.proven and p.period is None:  # a closed form: none at all
        return f"no period, nor an arithmetic one (proven: {p.why})"
    if p.proven and p.why:
        return (f"period {p.period} preperiod {p.preperiod} saltus "
                f"{p.saltus} (proven: {p.why})")
    if p.proven:
        grows = f" saltus {p.saltus}" if p.saltus else ""
        return f"period {p.period} preperiod {p.preperiod}{grows} (proven)"
    text = f"no period proven up to {p.checked_upto}"
    if p.period is not None:
        text += (f" (the values seen repeat with period {p.period} from "
                 f"{p.preperiod}")
        if p.saltus:
            text += f", growing by {p.saltus} each period"
        text += ")"
    return text


@pytest.mark.parametrize("spec", ["subtract:1,3,4", "0.137", "kayles",
                                  "0.07", "grundy-game", "half", "4.07",
                                  "nim", "allbut:1,2"])
def test_period_matches_cli(cli, spec):
    p = grundy.period(spec)
    assert describe(p) == period_of(cli, spec)
    q, per, s, proven = p  # a 4-tuple
    assert proven == p.proven


@pytest.mark.parametrize("spec,upto", [("0.137", 60), ("0.137", 200),
                                       ("kayles", 100), ("4.07", 500),
                                       ("grundy-game", 300)])
def test_period_upto_matches_cli(cli, spec, upto):
    assert describe(grundy.period(spec, upto)) == \
        period_of(cli, spec, "--upto", upto)


def test_period_known():
    assert grundy.period("0.137")[:] == (52, 34, 0, True)
    assert grundy.period("kayles")[:] == (71, 12, 0, True)
    assert grundy.period("subtract:1,3,4")[:] == (0, 7, 0, True)


def test_families_and_canonical():
    names = [n for n, _ in grundy.families()]
    assert "subtract" in names and "rect" in names
    assert grundy.canonical("kayles") == "0.77"
