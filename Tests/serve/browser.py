"""rql serve in a real browser: headless Chromium driven through WebDriver
(Debian's chromium-driver, Python's selenium). Opens the page from the address
rql serve printed, edits a cell to a query with non-ASCII text, runs it with
Shift-Enter, sees its rows, saves with Ctrl-S; then opens the pictures
notebook, runs every cell and takes a screenshot. With --bench, prints how
long the page took to load and how long a 1,000-row cell took to show.

With --new, URL is a server of no notebook: the page's new notebook is
run and saved under a name typed into Save as.

Usage: browser.py URL SCREENSHOT.png CHANGED.rql [--bench] | browser.py URL --new
(CHANGED.rql: a notebook the test writes to while the page has it open.)"""
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as ready
from selenium.webdriver.support.ui import WebDriverWait

url, screenshot = sys.argv[1], sys.argv[2]
new = screenshot == "--new"
bench = "--bench" in sys.argv

options = webdriver.ChromeOptions()
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,1600", "--no-first-run"]:
    options.add_argument(argument)
options.binary_location = "/usr/bin/chromium"
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
wait = WebDriverWait(driver, 30)
driver.set_script_timeout(30)
failures = []


def check(condition, what):
    print(("ok: " if condition else "FAIL: ") + what)
    if not condition:
        failures.append(what)


def shown_at(condition, *arguments):
    """performance.now() at the first frame where the JavaScript condition
    holds (polled in the page, frame by frame, not from here)."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1], args = arguments;"
        "function poll() { if (" + condition + ") done(performance.now()); else requestAnimationFrame(poll); }"
        "poll();", *arguments)


def click(element):
    """Clicks an element after scrolling it to the middle, clear of the fixed top bar."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def cells():
    return driver.find_elements(By.CSS_SELECTOR, "#segments > section.segment.cell")


def cell_with(source_start):
    for cell in cells():
        if cell.find_element(By.CSS_SELECTOR, "textarea.source").get_attribute("value").startswith(source_start):
            return cell
    raise AssertionError("no cell starting " + source_start)


def new_notebook():
    """The new notebook: its first cell runs, Ctrl-S asks for a name, Enter saves."""
    driver.get(url)
    wait.until(lambda d: len(cells()) >= 1)
    check(driver.find_element(By.ID, "name").text == "untitled", "the new notebook is untitled")
    cell = cell_with(".tables")
    editor = cell.find_element(By.CSS_SELECTOR, "textarea.source")
    click(editor)
    editor.send_keys(Keys.CONTROL, Keys.ENTER)
    wait.until(lambda d: "reminders" in cell.find_element(By.CSS_SELECTOR, "div.output").text)
    check("remindersLists" in cell.find_element(By.CSS_SELECTOR, "div.output").text, "its first cell ran on the Reminders sample")
    editor.send_keys(Keys.CONTROL, "s")
    name = wait.until(ready.visibility_of_element_located((By.ID, "save-as-name")))
    name.send_keys(Keys.CONTROL, "a")
    name.send_keys("first.rql", Keys.ENTER)
    wait.until(lambda d: d.find_element(By.ID, "status").text == "saved first.rql")
    check(driver.find_element(By.ID, "name").text == "first.rql", "saved where the user said")


try:
    if new:
        new_notebook()
        raise SystemExit(1 if failures else 0)
    driver.get(url)
    wait.until(lambda d: len(cells()) > 5)
    check("token" not in driver.current_url, "the token leaves the address")
    check(driver.title.endswith("tour.rql") or "tour" in driver.title, "the title names the notebook: " + driver.title)
    heading = driver.find_element(By.CSS_SELECTOR, "div.prose h1").text
    check(heading == "A tour of the Reminders database", "the prose is Markdown: " + heading)
    keyword = driver.find_elements(By.CSS_SELECTOR, "pre.highlight span.keyword")
    check(len(keyword) > 0, "SQL is highlighted")

    # Edit the first query to non-ASCII text and run it with Shift-Enter.
    cell = cell_with("SELECT id, title, color")
    editor = cell.find_element(By.CSS_SELECTOR, "textarea.source")
    click(editor)
    editor.send_keys(Keys.CONTROL, "a")
    editor.send_keys("SELECT 'héllo 日本' AS greeting, 'Ünïcödé' AS word;")
    editor.send_keys(Keys.SHIFT, Keys.ENTER)
    wait.until(lambda d: "héllo 日本" in cell.find_element(By.CSS_SELECTOR, "div.output").text)
    values = [td.text for td in cell.find_elements(By.CSS_SELECTOR, "div.output td")]
    check(values == ["héllo 日本", "Ünïcödé"], "the rows show: " + repr(values))
    check(len(cell.find_elements(By.CSS_SELECTOR, "pre.diff")) == 1, "the changed output shows its diff")
    focused = driver.switch_to.active_element
    check(focused.get_attribute("class") == "source" and focused != editor, "Shift-Enter moved to the next cell")

    # Save with Ctrl-S.
    focused.send_keys(Keys.CONTROL, "s")
    wait.until(lambda d: "saved" in d.find_element(By.ID, "status").text)
    check(not driver.title.startswith("•"), "saved: the title is clean")

    # The exercise: an answer box, graded wrong with a counterexample, then right.
    exercise = driver.find_element(By.CSS_SELECTOR, "#segments > section.cell.exercise")
    check(not exercise.find_element(By.CSS_SELECTOR, "div.reference").is_displayed(), "the exercise hides its reference")
    answer = exercise.find_element(By.CSS_SELECTOR, "textarea.answer")
    answer.send_keys("SELECT l.title, count(*) FROM remindersLists l JOIN reminders r ON r.remindersListID = l.id "
                     "WHERE r.status = 0 GROUP BY l.id;")
    click(exercise.find_element(By.CSS_SELECTOR, "button.check"))
    wait.until(lambda d: exercise.find_elements(By.CSS_SELECTOR, "div.grade.wrong"))
    check("counterexample" in exercise.find_element(By.CSS_SELECTOR, "div.grade").text, "a wrong answer shows its counterexample")
    answer.send_keys(Keys.CONTROL, "a")
    answer.send_keys("SELECT l.title, (SELECT count(*) FROM reminders r WHERE r.remindersListID = l.id AND r.status = 0) "
                     "FROM remindersLists l;")
    click(exercise.find_element(By.CSS_SELECTOR, "button.check"))
    wait.until(lambda d: exercise.find_elements(By.CSS_SELECTOR, "div.grade.right"))
    check(True, "a right answer is right")

    # The presenter view: one segment at a time, the arrow keys move.
    driver.find_element(By.ID, "presenter").click()
    check("presenter" in driver.find_element(By.TAG_NAME, "body").get_attribute("class"), "the presenter view")
    before = driver.find_element(By.ID, "position").text
    driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    wait.until(lambda d: d.find_element(By.ID, "position").text != before)
    check(True, "← moves back: " + before + " to " + driver.find_element(By.ID, "position").text)
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait.until(lambda d: "presenter" not in d.find_element(By.TAG_NAME, "body").get_attribute("class"))

    if bench:
        # A cell of 1,000 rows, from Shift-Enter to its rows on the page.
        timings = []
        for attempt in range(7):
            cell = cell_with("SELECT 'héllo") if attempt == 0 else cell_with("SELECT value")
            index = cell.get_attribute("data-index")
            editor = cell.find_element(By.CSS_SELECTOR, "textarea.source")
            click(editor)
            editor.send_keys(Keys.CONTROL, "a")
            editor.send_keys("SELECT value, 'ß' || value AS label, NULL AS empty FROM generate_series(1, 1000);")
            mark = driver.execute_script("return performance.now()")
            editor.send_keys(Keys.CONTROL, Keys.ENTER)
            shown = shown_at(
                "(c => c && !c.classList.contains('running') && c.querySelectorAll('div.output tbody tr').length >= 200"
                " && c.querySelector('div.output').textContent.includes('ß200'))"
                "(document.querySelector('#segments > section[data-index=\"' + args[0] + '\"]'))", index)
            timings.append(shown - mark)
        timings.sort()
        print("bench: 1000-row cell shown after Ctrl-Enter: median %.1f ms (of %d)" % (timings[len(timings) // 2], len(timings)))

    # A notebook changed on disk while open is not saved over.
    base = driver.current_url.split("?")[0]
    driver.get(base + "?nb=changed.rql")
    wait.until(lambda d: len(cells()) >= 1)
    with open(sys.argv[3] if len(sys.argv) > 3 and not sys.argv[3].startswith("--") else "/dev/null", "w") as other:
        other.write("SELECT 'theirs';\n")
    editor = cells()[0].find_element(By.CSS_SELECTOR, "textarea.source")
    click(editor)
    editor.send_keys(Keys.END, " -- mine")
    editor.send_keys(Keys.CONTROL, "s")
    wait.until(ready.visibility_of_element_located((By.ID, "conflict")))
    check(True, "a file changed on disk is not saved over: the page says so")

    # The pictures notebook: run every cell, then look at the charts and the diagram.
    driver.get(base + "?nb=pictures.rql")
    wait.until(lambda d: len(cells()) > 3)
    driver.find_element(By.ID, "run-all").click()
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "figure.chart svg")) >= 2)
    check(len(driver.find_elements(By.CSS_SELECTOR, "figure.chart svg")) >= 2, "charts are SVG")
    diagrams = driver.find_elements(By.CSS_SELECTOR, "figure.diagram svg")
    check(len(diagrams) >= 1, "the .erd is an SVG diagram")
    driver.execute_script("document.querySelector('figure.diagram').scrollIntoView()")
    time.sleep(0.3)
    driver.save_screenshot(screenshot)
    driver.execute_script("document.querySelector('figure.chart').scrollIntoView()")
    time.sleep(0.3)
    driver.save_screenshot(screenshot.replace(".png", "-chart.png"))

    if bench:
        # Page load of a 50-cell notebook: from navigation to its cells on the page.
        loads = []
        for attempt in range(7):
            driver.get(base + "?nb=fifty.rql")
            loads.append(shown_at("document.querySelectorAll('#segments > section.segment.cell').length >= 50"))
        loads.sort()
        print("bench: 50-cell notebook loaded: median %.1f ms (of %d)" % (loads[len(loads) // 2], len(loads)))
finally:
    driver.quit()

sys.exit(1 if failures else 0)
