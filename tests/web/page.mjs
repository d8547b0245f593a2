// Drives the web page in Debian's chromium for tests/it/web.rs: opens the
// page at argv[2], then follows the steps of the JSON plan at argv[3],
// printing one JSON line for each step that reads something, then the
// page's errors.
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

const [url, plan] = [process.argv[2], JSON.parse(process.argv[3])];
const browser = await chromium.launch({
  executablePath: process.env.ENDODOI_CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
const errors = [];
page.on("pageerror", (error) => errors.push(String(error)));
page.on("console", (message) => {
  if (message.type() === "error" && !message.text().includes("404")) errors.push(message.text());
});
const say = (line) => console.log(JSON.stringify(line));
// Keys go to the grid the page is drawn in, as a player's do once it has
// the focus.
const press = (key) => page.locator("#grid").press(key);
const text = () => page.evaluate(() => document.body.innerText);
const drawn = () => page.waitForFunction(() => document.body.innerText.trim().length > 0);

const opened = Date.now();
await page.goto(url);
await drawn();
say({ first_frame_ms: Date.now() - opened });
for (const step of plan) {
  if (step.viewport) {
    // Another screen (a phone held sideways), the page loaded anew on it.
    await page.setViewportSize({ width: step.viewport[0], height: step.viewport[1] });
    await page.reload();
    await drawn();
  } else if (step.open !== undefined) {
    // The page again at its address with `open` after it (`?bench`).
    await page.goto(url + step.open);
    await drawn();
  } else if (step.keys) {
    for (const key of step.keys) await press(key);
  } else if (step.until) {
    await page.waitForFunction((wanted) => document.body.innerText.includes(wanted), step.until,
                               { timeout: step.timeout || 20000 });
  } else if (step.seen) {
    // As `until`, then when the page showed it (the test's clock and the
    // page's are this machine's): a move typed in a terminal, shown here.
    await page.waitForFunction((wanted) => document.body.innerText.includes(wanted), step.seen,
                               { timeout: step.timeout || 20000, polling: "raf" });
    say({ seen: step.seen, at_ms: Date.now() });
  } else if (step.screen_to) {
    // The page's text written to a file, for a test that reads it while
    // the page goes on (the code a hosting page shows).
    writeFileSync(step.screen_to, await text());
  } else if (step.screen) {
    say({ screen: await text() });
  } else if (step.wait) {
    await page.waitForTimeout(step.wait);
  } else if (step.reload) {
    await page.reload();
    await drawn();
  } else if (step.click) {
    // A click (a tap) on the cell `up` rows above the first `text` of the
    // first row that matches the regular expression `line`.
    const point = await page.evaluate(({ line, text, up }) => {
      const rows = [...document.querySelectorAll("#grid pre")];
      const at = rows.findIndex((row) => new RegExp(line).test(row.textContent));
      const shown = rows[at].textContent;
      const column = shown.indexOf(text);
      const box = rows[at - (up || 0)].children[column].getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }, step.click);
    await page.mouse.click(point.x, point.y);
  } else if (step.full) {
    // The browser's storage full from now on: every write refused, as a
    // quota does.
    await page.evaluate(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException("the quota is exceeded", "QuotaExceededError");
      };
    });
  } else if (step.put) {
    // Entries written into the page's storage, as another program (or a
    // hand in the browser's tools) could.
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, step.put);
  } else if (step.storage) {
    say({ storage: await page.evaluate(() => Object.fromEntries(Object.entries(localStorage))) });
  } else if (step.paste !== undefined) {
    // Text pasted on the page, as Ctrl+V does: the text, or `{text, times}`
    // for the text repeated (larger than a command line may carry).
    await page.evaluate((paste) => {
      const text = typeof paste === "string" ? paste : paste.text.repeat(paste.times);
      const data = new DataTransfer();
      data.setData("text/plain", text);
      document.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true }));
    }, step.paste);
  } else if (step.choose) {
    // A file chosen with the page's "Open a record" button.
    await page.setInputFiles("#open", {
      name: step.choose.name, mimeType: "text/plain", buffer: Buffer.from(step.choose.text),
    });
  } else if (step.drop) {
    // A file dropped on the page.
    await page.evaluate(({ name, text }) => {
      const data = new DataTransfer();
      data.items.add(new File([text], name, { type: "text/plain" }));
      document.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true }));
    }, step.drop);
  } else if (step.download) {
    // The keys pressed; the file the page offers then: its name and text.
    const offered = page.waitForEvent("download");
    for (const key of step.download) await press(key);
    const file = await offered;
    const stream = await file.createReadStream();
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    say({ download: { name: file.suggestedFilename(), text: Buffer.concat(chunks).toString() } });
  } else if (step.inject) {
    // Markup put into the page as a flaw would put it; then its title.
    await page.evaluate((html) => document.body.insertAdjacentHTML("beforeend", html), step.inject);
    await page.waitForTimeout(300);
    say({ title: await page.title() });
  } else if (step.colours) {
    // The colours the page gives the first `text` of the first row that
    // matches the regular expression `line`: its text's and its ground's.
    say({ colours: await page.evaluate(({ line, text }) => {
      const rows = [...document.querySelectorAll("#grid pre")];
      const row = rows.find((row) => new RegExp(line).test(row.textContent));
      const cell = row.children[row.textContent.indexOf(text)];
      const style = getComputedStyle(cell);
      return [style.color, style.backgroundColor];
    }, step.colours) });
  } else if (step.count) {
    // How many elements of the page the selector finds.
    say({ count: await page.locator(step.count).count() });
  } else if (step.latency) {
    // A key pressed on the grid; the time until the page has written the
    // change into its grid (in an animation frame's callback: the browser
    // paints it at the end of that frame), measured inside the page by a
    // MutationObserver (reading the page's text at every frame would itself
    // slow the page). Then the change is read: it must show `shows`.
    const measured = await page.evaluate(async ({ key }) => {
      const grid = document.querySelector("#grid");
      const changed = new Promise((done) => {
        const observer = new MutationObserver(() => { observer.disconnect(); done(); });
        observer.observe(grid, { childList: true, subtree: true, characterData: true, attributes: true });
      });
      const start = performance.now();
      grid.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
      await changed;
      return performance.now() - start;
    }, step.latency);
    await page.waitForFunction((wanted) => document.body.innerText.includes(wanted),
                               step.latency.shows, { timeout: 20000 });
    say({ latency_ms: measured });
  }
}
say({ errors });
await browser.close();
