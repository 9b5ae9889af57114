#!/usr/bin/python3
"""serve-screenshot.py GRUNDY OUT.png -- the picture of doc/SERVE.md and
the README: the page of `grundy serve` in Debian's chromium (headless,
through chromium-driver and python3-selenium: scripts/deps.sh), a game
of Cram 4 x 5 against the perfect opponent after two rounds.  The user
plays a winning move each time (the one in the middle of the list that
/api/moves answers, by clicking its two cells on the board), the
program answers; the picture is taken with the play panel, the board
and its coloured moves in view.  Exit status 1 on a console error."""
import json
import os
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "tests", "serve"))
os.environ["GRUNDY"] = sys.argv[1]
import conftest  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

RULES = "cram:4x5"
conftest.GRUNDY = sys.argv[1]
srv = conftest.Server(("--time-limit", "60", "--no-store"))
profile = tempfile.TemporaryDirectory()
o = webdriver.ChromeOptions()
o.binary_location = "/usr/bin/chromium"
for a in ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
          "--disable-background-networking", "--disable-dev-shm-usage",
          "--hide-scrollbars", "--user-data-dir=" + profile.name]:
    o.add_argument(a)
o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)
rc = 0
try:
    d.set_window_size(1000, 1120)
    d.get(srv.url + "/?rules=" + urllib.parse.quote(RULES) +
          "&position=start")
    WebDriverWait(d, 30).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "li.move"))
    d.find_element(By.ID, "play-start").click()
    pos = "start"
    for _ in range(2):
        st, _, body = srv.get("/api/moves?rules=" +
                              urllib.parse.quote(RULES) + "&position=" +
                              urllib.parse.quote(pos))
        assert st == 200, body
        wins = [m for m in json.loads(body)["moves"] if m["wins"]]
        mv = wins[len(wins) // 2]
        for cell in mv["cells"]:
            d.find_element(By.CSS_SELECTOR,
                           f'#boards [data-cell="{cell}"]').click()
        note = d.find_element(By.ID, "play-note")
        WebDriverWait(d, 60).until(
            lambda d: note.get_attribute("data-reply") and
            json.loads(note.get_attribute("data-reply"))["from"] ==
            mv["to"][0])
        pos = json.loads(note.get_attribute("data-reply"))["to"][0]
        WebDriverWait(d, 30).until(
            lambda d: urllib.parse.unquote(d.current_url).endswith(
                "position=" + pos) and
            d.find_elements(By.CSS_SELECTOR, "li.move"))
    time.sleep(0.5)
    d.execute_script("window.scrollTo(0, 0)")
    d.save_screenshot(sys.argv[2])
    errs = [e for e in d.get_log("browser") if e["level"] == "SEVERE"]
    if errs:
        print(errs, file=sys.stderr)
        rc = 1
    print(f"{sys.argv[2]}: Cram 4x5 at {pos}")
finally:
    d.quit()
    conftest.stop_clean(srv)
    srv.close()
    profile.cleanup()
sys.exit(rc)
