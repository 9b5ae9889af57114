"""The page of grundy serve in a real browser: Debian's chromium under
chromium-driver with python3-selenium, headless and offline.  Open the
page, pick Cram 3 x 4, check every move's colour against /api/moves,
click a winning move on the board (a domino is two clicks), check the
new position and its colours, save a screenshot, and fail on any error
in the browser's console.  Play against the program (its reply is
/api/play's), and in a phone-sized window check that the page does not
scroll sideways, that the reply stands beside the board, and that the
picture of grundy plot keeps legible labels.  Skipped, with the reason, when chromium,
chromium-driver or python3-selenium is missing (scripts/deps.sh installs
them)."""
import json
import os
import shutil
import tempfile
import urllib.parse

import pytest

CHROMIUM = shutil.which("chromium")
DRIVER = shutil.which("chromedriver")
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
    HAVE_SELENIUM = True
except ImportError:
    HAVE_SELENIUM = False


@pytest.fixture(scope="module")
def browser(request):
    if not CHROMIUM:
        pytest.skip("no chromium (apt-get install chromium)")
    if not DRIVER:
        pytest.skip("no chromedriver (apt-get install chromium-driver)")
    if not HAVE_SELENIUM:
        pytest.skip("no selenium (apt-get install python3-selenium)")
    profile = tempfile.TemporaryDirectory()
    o = webdriver.ChromeOptions()
    o.binary_location = CHROMIUM
    for a in ["--headless", "--no-sandbox", "--disable-gpu",
              "--disable-background-networking", "--disable-component-update",
              "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
              "--window-size=1000,960",
              "--user-data-dir=" + profile.name]:
        o.add_argument(a)
    o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(service=Service(DRIVER), options=o)
    yield d
    d.quit()
    profile.cleanup()


def shots_dir(config):
    d = config.getoption("--shots", default=None) or tempfile.gettempdir()
    os.makedirs(d, exist_ok=True)
    return d


def console_errors(d):
    return [e for e in d.get_log("browser") if e["level"] == "SEVERE"]


def wait_moves(d, where):
    WebDriverWait(d, 20).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "li.move") and
        urllib.parse.unquote(d.current_url).endswith(where))
    return d.find_elements(By.CSS_SELECTOR, "li.move")


def check_colours(server, d, query):
    st, _, body = server.get("/api/moves?" + query)
    assert st == 200, body
    ans = json.loads(body)
    lis = d.find_elements(By.CSS_SELECTOR, "li.move")
    assert len(lis) == len(ans["moves"]), (len(lis), len(ans["moves"]))
    for li, mv in zip(lis, ans["moves"]):
        cls = li.get_attribute("class").split()
        assert ("win" in cls) == mv["wins"], (li.text, mv)
        assert ("lose" in cls) == (not mv["wins"]), (li.text, mv)
        assert f"(value {mv['value']})" in li.text, (li.text, mv)
        assert li.get_attribute("data-cells") == ",".join(
            str(c) for c in mv["cells"])
    return ans


def test_cram_3x4_in_the_browser(server, browser, request):
    d = browser
    d.get(server.url + "/")
    WebDriverWait(d, 20).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "li.move"))
    Select(d.find_element(By.ID, "family")).select_by_value("cram")
    wait_moves(d, "rules=cram:3x4&position=start")
    ans = check_colours(server, d, "rules=cram%3A3x4&position=start")
    d.save_screenshot(os.path.join(shots_dir(request.config),
                                   "serve-cram-3x4-start.png"))
    wins = [mv for mv in ans["moves"] if mv["wins"]]
    assert wins, "Cram 3 x 4 is a first-player win: a winning move exists"
    mv = wins[0]
    for cell in mv["cells"]:
        d.find_element(By.CSS_SELECTOR, f'#boards [data-cell="{cell}"]').click()
    child = mv["to"][0]
    wait_moves(d, "position=" + child)
    after = check_colours(server, d, "rules=cram%3A3x4&position=" +
                          urllib.parse.quote(child, safe=""))
    assert after["analysis"]["winner"] == "second", after["analysis"]
    assert not any(m["wins"] for m in after["moves"])
    summary = d.find_element(By.ID, "summary").text
    assert "loses" in summary, summary
    # undo brings the start back, redo the move again
    d.find_element(By.ID, "undo").click()
    wait_moves(d, "position=start")
    d.find_element(By.ID, "redo").click()
    wait_moves(d, "position=" + child)
    out = os.path.join(shots_dir(request.config), "serve-cram-3x4.png")
    d.save_screenshot(out)
    assert os.path.getsize(out) > 1000
    errs = console_errors(d)
    assert not errs, errs


def test_opponent_reply(server, browser, request):
    """Play a winning move on Cram 3 x 4 against the program: its reply is
    /api/play's for the same step, and the position after it is coloured
    as /api/moves answers."""
    d = browser
    d.get(server.url + "/?rules=cram%3A3x4&position=start")
    wait_moves(d, "rules=cram:3x4&position=start")
    ans = check_colours(server, d, "rules=cram%3A3x4&position=start")
    d.find_element(By.CSS_SELECTOR, 'input[name="first"][value="user"]').click()
    d.find_element(By.ID, "play-start").click()
    mv = [m for m in ans["moves"] if m["wins"]][0]
    for cell in mv["cells"]:
        d.find_element(By.CSS_SELECTOR, f'#boards [data-cell="{cell}"]').click()
    text = f"{mv['component']} " + "+".join(mv["to"])
    st, _, body = server.get("/api/play?rules=cram%3A3x4&position=start&move="
                             + urllib.parse.quote(text, safe=""))
    assert st == 200, body
    step = json.loads(body)
    reply = [m for m in step["moves"] if m["player"] == "computer"][0]
    after = [c["position"] for c in step["components"]]
    wait_moves(d, "position=" + after[-1])
    note = d.find_element(By.ID, "play-note")
    assert json.loads(note.get_attribute("data-reply")) == reply, \
        (note.text, reply)
    assert "remoteness " + str(reply["remoteness"]) in note.text, note.text
    q = "rules=cram%3A3x4&" + "&".join(
        "position=" + urllib.parse.quote(p, safe="") for p in after)
    now = check_colours(server, d, q)
    # the program was left a lost position and answered: the user wins
    assert now["analysis"]["winner"] == "first", now["analysis"]
    for li, m in zip(d.find_elements(By.CSS_SELECTOR, "li.move"),
                     now["moves"]):
        assert f"remoteness {m['remoteness']}" in li.text, (li.text, m)
    d.save_screenshot(os.path.join(shots_dir(request.config),
                                   "serve-cram-3x4-play.png"))
    errs = console_errors(d)
    assert not errs, errs


def phone_check(d, request, shot):
    """No sideways scrolling in a 390 px window, no console error."""
    width = d.execute_script(
        "return document.documentElement.scrollWidth")
    assert width <= 400, f"the page is {width} px wide in a 390 px window"
    d.save_screenshot(os.path.join(shots_dir(request.config), shot))
    errs = console_errors(d)
    assert not errs, errs


def test_phone_sized_window(server, browser, request):
    d = browser
    d.set_window_size(390, 844)
    d.get(server.url + "/?rules=kayles&position=7&position=4")
    wait_moves(d, "position=4")
    phone_check(d, request, "serve-phone-kayles.png")
    # a game of Cram 4 x 5 against the program, on a phone: the program's
    # reply is said next to the board (the play panel and the board fit in
    # one screen, not a list of moves apart), and grundy plot's picture
    # keeps its labels legible (11 px at its own 960 px: never shown
    # narrower than 800), scrolled sideways in its frame, not the page
    d.get(server.url + "/?rules=cram%3A4x5&position=start")
    wait_moves(d, "rules=cram:4x5&position=start")
    d.find_element(By.ID, "play-start").click()
    st, _, body = server.get("/api/moves?rules=cram%3A4x5&position=start")
    assert st == 200, body
    mv = [m for m in json.loads(body)["moves"] if m["wins"]][0]
    for cell in mv["cells"]:
        d.find_element(By.CSS_SELECTOR, f'#boards [data-cell="{cell}"]').click()
    WebDriverWait(d, 60).until(
        lambda d: d.find_element(By.ID, "play-note").get_attribute(
            "data-reply"))
    wait_moves(d, "position=" + json.loads(d.find_element(
        By.ID, "play-note").get_attribute("data-reply"))["to"][0])
    gap = d.execute_script(
        "const n = document.getElementById('play-note')"
        ".getBoundingClientRect(), b = document.querySelector('#boards svg')"
        ".getBoundingClientRect();"
        "return Math.max(n.bottom, b.bottom) - Math.min(n.top, b.top);")
    assert gap <= 844 - 100, \
        f"the reply and the board span {gap} px of an 844 px screen"
    WebDriverWait(d, 30).until(lambda d: d.execute_script(
        "const i = document.getElementById('plot');"
        "return !i.hidden && i.complete && i.naturalWidth > 0;"))
    shown = d.execute_script(
        "return document.getElementById('plot').getBoundingClientRect()"
        ".width")
    assert shown >= 800, f"the picture is {shown} px wide: labels of " \
        f"{11 * shown / 960:.1f} px"
    phone_check(d, request, "serve-phone-cram-play.png")
    d.set_window_size(1000, 960)
