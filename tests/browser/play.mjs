// End-to-end test of `gametree serve` in headless Chromium (Debian's /usr/bin/chromium,
// driven by playwright-core). It starts the release binary on a free port, plays a whole
// tic-tac-toe game against the perfect computer by clicking the board, checks every move
// value the page shows against the API, exercises undo/redo, the position box and the
// tree stepper, and saves screenshots at laptop and phone widths under target/browser/.
//
// Usage: node tests/browser/play.mjs   (GAMETREE_BIN overrides the binary,
//        CHROMIUM the browser, SCREENSHOTS the output folder)
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const binary = process.env.GAMETREE_BIN || path.join(root, 'target/release/gametree');
const browserPath = process.env.CHROMIUM || '/usr/bin/chromium';
const shots = process.env.SCREENSHOTS || path.join(root, 'target/browser');

let checks = 0;
function check(condition, message) {
  if (!condition) throw new Error(`check failed: ${message}`);
  checks += 1;
}

function startServer() {
  const server = spawn(binary, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server printed no URL within 30 s')), 30_000);
    server.once('error', reject);
    server.once('exit', (code) => reject(new Error(`the server exited early with status ${code}`)));
    createInterface({ input: server.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(line.trim());
    });
  });
  return { server, url };
}

async function api(base, route, body) {
  const response = await fetch(new URL(route, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  check(response.ok, `${route} answered ${response.status}`);
  return response.json();
}

// What the page must write on a cell for a move's value.
function expectedLabel(value) {
  if (value.kind === 'win') return [`win`, `win ${value.remoteness}`];
  if (value.kind === 'loss') return [`loss`, `lose ${value.remoteness}`];
  return ['draw', 'draw'];
}

// Waits until it is the person's turn (or the game is over) and the values are drawn.
async function settled(page) {
  await page.waitForFunction(() => {
    const thinking = !document.querySelector('#thinking').hidden;
    const status = document.querySelector('#status').textContent;
    if (thinking || status.startsWith('computer')) return false;
    if (status.startsWith('Game over')) return true;
    const open = [...document.querySelectorAll('#board .cell.open')];
    return open.length > 0 && open.every((cell) => cell.querySelector('.cell-value') && !cell.disabled);
  }, null, { timeout: 30_000 });
}

// Pastes a position into the position box and loads it.
async function load(page, position) {
  await page.fill('#position', position);
  await page.click('#position-form button[type="submit"]');
  await page.waitForFunction(() => document.querySelector('#position-message').textContent === 'position loaded');
  await settled(page);
  check((await page.inputValue('#position')) === position, `${position} is loaded`);
}

// Reads the values drawn on the board and compares them with the API's analysis.
async function checkShownValues(page, base) {
  const position = await page.inputValue('#position');
  const shown = await page.$$eval('#board .cell.open', (cells) => cells.map((cell) => ({
    move: cell.dataset.move,
    classes: cell.className,
    label: cell.querySelector('.cell-value').textContent,
  })));
  const analysis = await api(base, '/api/analyze', { game: 'tictactoe', position });
  check(shown.length === analysis.moves.length, `${position}: one coloured cell per legal move`);
  for (const result of analysis.moves) {
    const cell = shown.find((entry) => entry.move === result.move);
    check(cell, `${position}: move ${result.move} has a cell`);
    const [colour, label] = expectedLabel(result.value);
    check(cell.classes.split(' ').includes(colour), `${position}: ${result.move} is coloured ${colour} (${cell.classes})`);
    check(cell.label === label, `${position}: ${result.move} shows "${label}", not "${cell.label}"`);
  }
  return { position, analysis, shown };
}

async function main() {
  mkdirSync(shots, { recursive: true });
  const { server, url } = startServer();
  const profile = mkdtempSync(path.join(tmpdir(), 'gametree-chromium-'));
  let context;
  try {
    const base = await url;
    check(/^http:\/\/127\.0\.0\.1:\d+\/$/.test(base), `first line is the URL: ${base}`);
    context = await chromium.launchPersistentContext(profile, {
      executablePath: browserPath,
      headless: true,
      viewport: { width: 1280, height: 900 },
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--no-first-run', '--disable-sync'],
    });
    const page = context.pages()[0] || await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The deliberate bad position below is answered 400, which the browser logs.
    page.on('console', (entry) => {
      if (entry.type() === 'error' && !entry.text().includes('status of 400')) errors.push(entry.text());
    });

    await page.goto(base);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    await page.selectOption('#game', 'tictactoe');
    await page.selectOption('#computer', 'second');
    await page.selectOption('#level', 'perfect');
    await page.click('#new-game');
    await page.check('#show-values');
    await settled(page);

    // The empty board: every move draws, in 9 plies.
    const start = await checkShownValues(page, base);
    check(start.position === '.../.../...', 'a new game starts empty');
    check(start.shown.length === 9 && start.shown.every((cell) => cell.label === 'draw'), 'all nine first moves draw');
    check((await page.textContent('#verdict')).includes('draw (9 plies)'), 'the position is a draw in 9');

    // A whole game: x opens on an edge, then always takes the best move shown; the
    // perfect computer answers each move.
    let plies = 0;
    for (;;) {
      await settled(page);
      const status = await page.textContent('#status');
      if (status.startsWith('Game over')) break;
      const { shown } = await checkShownValues(page, base);
      const rank = (cell) => (cell.classes.includes('win') ? 0 : cell.classes.includes('draw') ? 1 : 2);
      const choice = plies === 0 ? shown.find((cell) => cell.move === 'b3') : [...shown].sort((a, b) => rank(a) - rank(b))[0];
      check(rank(choice) <= 1, 'against perfect play x never has to lose here');
      const before = await page.inputValue('#position');
      await page.click(`#board .cell[data-move="${choice.move}"]`);
      await page.waitForFunction((was) => document.querySelector('#position').value !== was, before);
      plies += 2;
      check(plies <= 10, 'the game ends within nine plies');
    }
    const final = await page.textContent('#status');
    check(final === 'Game over: draw.', `best play from both sides draws: ${final}`);
    const history = await page.$$eval('#chart .dot', (dots) => dots.length);
    check(history === 10, `the chart has a point for each of the 10 positions (${history})`);
    await page.screenshot({ path: path.join(shots, 'laptop.png'), fullPage: true });

    // Undo goes back to x's turn; redo replays.
    const finalPosition = await page.inputValue('#position');
    await page.click('#undo');
    await settled(page);
    const undone = await page.inputValue('#position');
    check(undone !== finalPosition && (await page.textContent('#status')).startsWith('x to move'), 'undo returns to x');
    await page.click('#redo');
    await page.waitForFunction((want) => document.querySelector('#position').value === want, finalPosition);

    // The position box: a bad position is refused with the server's message; a good
    // one is loaded and its winning move is shown green.
    await page.fill('#position', 'xxx/ooo/...');
    await page.click('#position-form button[type="submit"]');
    await page.waitForFunction(() => document.querySelector('#position-message').textContent.includes('both x and o'));
    await load(page, 'xx./oo./...');
    const winning = await page.$eval('#board .cell[data-move="c3"]', (cell) => [cell.className, cell.querySelector('.cell-value').textContent]);
    check(winning[0].includes('win') && winning[1] === 'win 1', `c3 wins at once: ${winning}`);

    // The tree stepper on a small position: step through alpha-beta to the end; some
    // branches are cut off and greyed.
    await load(page, 'xo./.x./o..');
    await page.selectOption('#algorithm', 'alphabeta');
    await page.click('#build-tree');
    await page.waitForSelector('#tree .node');
    await page.click('#step-next');
    check((await page.textContent('#step-text')).startsWith('Enter the root'), 'the first step enters the root');
    for (let step = 0; step < 6; step++) await page.click('#step-next');
    const windows = await page.$$eval('#tree .window', (labels) => labels.length);
    check(windows > 0, 'open nodes show their alpha-beta window');
    await page.locator('.stepper').screenshot({ path: path.join(shots, 'stepper.png') });
    await page.click('#step-last');
    const cut = await page.$$eval('#tree .node.cut', (nodes) => nodes.length);
    check(cut > 0, 'alpha-beta cuts branches off and greys them');
    const unfinished = await page.$$eval('#tree .node.open, #tree .node.unseen', (nodes) => nodes.length);
    check(unfinished === 0, 'at the last step every node is finished or cut');
    await page.screenshot({ path: path.join(shots, 'stepper-end.png'), fullPage: true });

    // Phone width: nothing wider than the screen except the scrollable tree.
    await page.setViewportSize({ width: 390, height: 844 });
    await load(page, 'x../.o./...');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    check(overflow <= 0, `the page fits a phone's width (overflow ${overflow}px)`);
    await page.screenshot({ path: path.join(shots, 'phone.png'), fullPage: true });

    check(errors.length === 0, `no errors in the page: ${errors.join('; ')}`);
    console.log(`browser test: ${checks} checks passed; screenshots in ${path.relative(root, shots)}/`);
    console.log(`${checks} passed, 0 failed`);
  } finally {
    if (context) await context.close();
    server.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`browser test failed: ${error.stack}`);
  console.log(`${checks} passed, 1 failed`);
  process.exit(1);
});
