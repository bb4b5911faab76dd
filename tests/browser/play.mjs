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
  }, null, { timeout: 30_000 }).catch(async (error) => {
    await page.screenshot({ path: path.join(shots, 'failure.png'), fullPage: true });
    throw error;
  });
}

// Pastes a position into the position box and loads it.
async function load(page, position) {
  await page.fill('#position', position);
  await page.click('#position-form button[type="submit"]');
  await page.waitForFunction(() => document.querySelector('#position-message').textContent === 'position loaded')
    .catch(async (error) => {
      await page.screenshot({ path: path.join(shots, 'failure.png'), fullPage: true });
      throw new Error(`${position} was not loaded: ${await page.textContent('#position-message')} (${error.message})`);
    });
  const shownPosition = await page.waitForFunction((want) => document.querySelector('#position').value === want, position, { timeout: 10_000 })
    .then(() => position, () => page.inputValue('#position'));
  check(shownPosition === position, `${position} is loaded (the page shows ${shownPosition})`);
  await settled(page);
}

// Reads the position and the values drawn on its open cells in one snapshot, once every
// open cell has its value: the page may redraw the board (first without values) just
// after `settled` saw it, so reading them in separate steps could mix two drawings.
async function shownValues(page) {
  const snapshot = await page.waitForFunction(() => {
    const open = [...document.querySelectorAll('#board .cell.open')];
    if (open.length === 0 || !open.every((cell) => cell.querySelector('.cell-value'))) return null;
    return {
      position: document.querySelector('#position').value,
      shown: open.map((cell) => ({
        move: cell.dataset.move,
        classes: cell.className,
        label: cell.querySelector('.cell-value').textContent,
      })),
    };
  }, null, { timeout: 30_000 }).catch(async (error) => {
    await page.screenshot({ path: path.join(shots, 'failure.png'), fullPage: true });
    throw error;
  });
  return snapshot.jsonValue();
}

// Compares the values drawn on the board with the API's analysis.
async function checkShownValues(page, base) {
  const { position, shown } = await shownValues(page);
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

// What the page must write on a product-grid cell: who comes out ahead and x−y, from X's
// side (the API gives the score from the mover's side).
function scoredLabel(value, moverIsFirst) {
  const first = moverIsFirst ? value.score : -value.score;
  const word = first > 0 ? 'first' : first < 0 ? 'second' : 'tie';
  const signed = first > 0 ? `+${first}` : first < 0 ? `−${-first}` : '0';
  return `${word} ${signed}`;
}

// Starts a new two-player game of `game` (no computer) with values shown.
async function newGame(page, game) {
  await page.selectOption('#game', game);
  await page.selectOption('#computer', 'none');
  await page.click('#new-game');
  await settled(page);
}

// Starts a new two-player game of `game` with values hidden, and waits for its board.
async function newGameQuiet(page, game) {
  await page.selectOption('#game', game);
  await page.selectOption('#computer', 'none');
  await page.click('#new-game');
  await page.waitForFunction(() => document.querySelectorAll('#board .cell.open').length > 0);
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
    const loaded = await shownValues(page);
    const winning = loaded.shown.find((cell) => cell.move === 'c3');
    check(loaded.position === 'xx./oo./...' && winning.classes.includes('win') && winning.label === 'win 1',
      `c3 wins at once: ${JSON.stringify(winning)}`);

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
    // Product-grid, two players clicking: the note names the forced number, every empty
    // cell shows the result if that number goes there, and the game ends with x and y.
    await page.setViewportSize({ width: 1280, height: 900 });
    await newGame(page, 'product-grid');
    check((await page.inputValue('#position')) === '000/000/000', 'product-grid starts empty');
    for (let number = 1; number <= 9; number++) {
      await settled(page);
      const note = await page.textContent('#note');
      const placer = number % 2 === 1 ? 'x' : 'y';
      check(note === `next number: ${number}, placed by ${placer}`, `the note names the forced number: ${note}`);
      const { position, shown } = await shownValues(page);
      const analysis = await api(base, '/api/analyze', { game: 'product-grid', position });
      check(shown.length === 10 - number && analysis.moves.length === shown.length, `${position}: one labelled cell per empty cell`);
      for (const result of analysis.moves) {
        const cell = shown.find((entry) => entry.move === result.move);
        check(cell && result.value.kind === 'score', `${position}: ${result.move} has a cell and an exact score`);
        const want = scoredLabel(result.value, placer === 'x');
        check(cell.label === want, `${position}: ${result.move} shows "${want}", not "${cell.label}"`);
      }
      if (number === 4) await page.screenshot({ path: path.join(shots, 'product-grid.png'), fullPage: true });
      // Each side takes its best cell (the analysis lists the best first).
      await page.click(`#board .cell[data-move="${analysis.moves[0].move}"]`);
      await page.waitForFunction((was) => document.querySelector('#position').value !== was, position);
    }
    await settled(page);
    const gridEnd = await page.textContent('#status');
    const gridNote = await page.textContent('#note');
    check(/^Game over: (first \(x\) wins|second \(y\) wins|tie)/.test(gridEnd), `product-grid ends with a result: ${gridEnd}`);
    check(/^x = \d+ \(rows\), y = \d+ \(columns\)$/.test(gridNote), `the final note gives x and y: ${gridNote}`);
    // Best play from the empty board: y wins by 124 (the analysis of the start says so).
    check(gridEnd.includes('= -124'), `best play ends 124 to y: ${gridEnd}`);
    check((await page.$$eval('#board .cell.open', (cells) => cells.length)) === 0, 'a full grid offers no cell');
    await page.screenshot({ path: path.join(shots, 'product-grid-end.png'), fullPage: true });

    // Connect four: clicking any cell of a column drops a stone into that column.
    await newGame(page, 'connect4');
    await load(page, '4444');
    const topOfColumnTwo = page.locator('#board .cell').nth(1);
    check((await topOfColumnTwo.getAttribute('data-move')) === '2', 'the top cell of column 2 plays column 2');
    await topOfColumnTwo.click();
    await page.waitForFunction(() => document.querySelector('#position').value === '44442');
    await settled(page);
    const bottomOfColumnTwo = await page.locator('#board .cell').nth(5 * 7 + 1).getAttribute('data-cell');
    check(bottomOfColumnTwo === 'x', `the stone fell to the bottom of column 2 (${bottomOfColumnTwo})`);
    await load(page, '444444');
    const columnFour = await page.$$eval('#board .cell', (cells) => cells.filter((_, index) => index % 7 === 3).map((cell) => cell.disabled));
    check(columnFour.length === 6 && columnFour.every(Boolean), 'a full column offers no move');
    const connectRight = await page.$eval('#board', (board) => board.getBoundingClientRect().right);
    const connectCard = await page.$eval('.play', (card) => card.getBoundingClientRect().right);
    check(connectRight <= connectCard, `the connect4 board fits its card (${connectRight} ≤ ${connectCard})`);
    await page.screenshot({ path: path.join(shots, 'connect4.png'), fullPage: true });

    // Matchsticks: an empty cell takes two sticks, one small button each, labelled with
    // its value when values are shown.
    await newGameQuiet(page, 'matchsticks');
    await page.waitForFunction(() => [...document.querySelectorAll('#board .choice')].every((choice) => choice.textContent.includes(' ')));
    const choices = await page.$$eval('#board .cell.open', (cells) => cells.map((cell) => [...cell.querySelectorAll('.choice')].map((choice) => choice.dataset.move)));
    check(choices.length === 12 && choices.every((pair) => pair.length === 2 && pair[0].endsWith('|') && pair[1].endsWith('-')), `every empty matchsticks cell offers | and -: ${JSON.stringify(choices)}`);
    await page.click('#board .choice[data-move="a3-"]');
    await page.waitForFunction(() => document.querySelector('#position').value === '-000/0000/0000');
    const afterStick = await page.$$eval('#board .choice[data-move="b3-"]', (found) => found.length);
    check(afterStick === 0, 'a horizontal stick beside a horizontal one is not offered');
    await page.waitForFunction(() => [...document.querySelectorAll('#board .choice')].every((choice) => choice.textContent.includes(' ')));
    await page.screenshot({ path: path.join(shots, 'matchsticks.png'), fullPage: true });

    // Gomoku: a person may play any empty cell, even one the search never considers.
    await page.uncheck('#show-values');
    await newGameQuiet(page, 'gomoku');
    check((await page.$$eval('#board .cell.open', (cells) => cells.length)) === 225, 'every gomoku cell is open');
    await page.click('#board .cell[data-move="0,0"]');
    await page.waitForFunction(() => document.querySelector('#position').value === '0,0');
    await page.click('#board .cell[data-move="7,7"]');
    await page.waitForFunction(() => document.querySelector('#position').value === '0,0 7,7');
    const boardWidth = await page.$eval('#board', (board) => board.getBoundingClientRect().right);
    const cardWidth = await page.$eval('.play', (card) => card.getBoundingClientRect().right);
    check(boardWidth <= cardWidth, `the gomoku board fits its card (${boardWidth} ≤ ${cardWidth})`);
    // Gomoku analyses run to their time limit: let them finish (the server allows only a
    // few searches at once) before the next game.
    await page.waitForFunction(() => document.querySelector('#verdict').textContent.startsWith('black to move'), null, { timeout: 30_000 });
    await page.screenshot({ path: path.join(shots, 'gomoku.png'), fullPage: true });
    check(await page.$eval('#threats', (threats) => threats.hidden), 'no threat line after two quiet stones');
    // A position from a lost game where black wins by a 10-threat VCT (and has no VCF):
    // the analysis card writes the win out as a line.
    await page.fill('#position', '7,7 8,6 9,5 7,5 9,7 9,6 10,6 8,8 8,5 8,4');
    await page.click('#position-form button[type="submit"]');
    await page.waitForFunction(() => document.querySelector('#threats').textContent.includes('VCT: black wins by continuous threats (10 attacking moves): 10,7 '), null, { timeout: 30_000 })
      .catch(async (error) => {
        await page.screenshot({ path: path.join(shots, 'failure.png'), fullPage: true });
        throw new Error(`no VCT line: ${await page.textContent('#threats')} (${error.message})`);
      });
    await page.screenshot({ path: path.join(shots, 'gomoku-vct.png'), fullPage: true });
    await page.check('#show-values');

    await page.setViewportSize({ width: 390, height: 844 });
    for (const [game, position] of [['product-grid', null], ['connect4', '4444']]) {
      await newGame(page, game);
      if (position) await load(page, position);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      check(wide <= 0, `${game} fits a phone's width (overflow ${wide}px)`);
      await page.screenshot({ path: path.join(shots, `phone-${game}.png`), fullPage: true });
    }
    await page.uncheck('#show-values');
    await newGameQuiet(page, 'gomoku');
    {
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      check(wide <= 0, `gomoku fits a phone's width (overflow ${wide}px)`);
      await page.screenshot({ path: path.join(shots, 'phone-gomoku.png'), fullPage: true });
    }

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
