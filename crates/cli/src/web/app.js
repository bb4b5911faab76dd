// gametree web page: plain JavaScript, no build step. Everything about the rules comes
// from the server's JSON API; the page only draws what it is told and sends moves back.
'use strict';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';

const app = {
  games: [],
  levels: [],
  history: [],           // [{state, move, analysis}]
  index: 0,
  thinking: false,
  showValues: false,
  tree: null,
  step: 0,
  timer: null,
  analysisToken: 0,
};

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  let data;
  try {
    data = await response.json();
  } catch (error) {
    throw new Error(`${path}: the server answered ${response.status}`);
  }
  if (!response.ok) throw new Error(data.error || `${path}: ${response.status}`);
  return data;
}

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

function svg(tag, attributes = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

// ---- values ---------------------------------------------------------------------------

const current = () => app.history[app.index];

// The colour class of a value for the side it belongs to.
function valueClass(value) {
  if (!value) return '';
  switch (value.kind) {
    case 'win': return 'win';
    case 'loss': return 'loss';
    case 'draw': return 'draw';
    default: return value.score > 0 ? 'win' : value.score < 0 ? 'loss' : 'draw';
  }
}

function valueText(value) {
  if (!value) return '';
  switch (value.kind) {
    case 'win': return `win in ${value.remoteness}`;
    case 'loss': return `lose in ${value.remoteness}`;
    case 'draw': return `draw (${value.remoteness} plies)`;
    case 'score': return `score ${signed(value.score)}`;
    default: return `about ${signed(value.score)}`;
  }
}

function signed(number) {
  return number > 0 ? `+${number}` : number < 0 ? `−${-number}` : '0';
}

// What a move's value says, written on its cell. Scored games show who comes out ahead and
// the final first-minus-second score (x−y in product-grid).
function cellLabel(value, state, compact) {
  if (!value) return '';
  if (value.kind === 'heuristic') return `~${signed(value.score)}`;
  if (value.kind === 'score') {
    const first = state.to_move_is_first ? value.score : -value.score;
    const word = first > 0 ? 'first' : first < 0 ? 'second' : 'tie';
    return compact ? signed(first) : `${word} ${signed(first)}`;
  }
  if (value.kind === 'win') return compact ? `W${value.remoteness}` : `win ${value.remoteness}`;
  if (value.kind === 'loss') return compact ? `L${value.remoteness}` : `lose ${value.remoteness}`;
  return compact ? `D` : `draw`;
}

// A position's value as a number from the first player's side, in [−1, 1], for the chart.
function chartValue(entry, scale) {
  const analysis = entry.analysis;
  if (!analysis || !analysis.value) return null;
  const value = analysis.value;
  const sign = entry.state.to_move_is_first ? 1 : -1;
  if (value.kind === 'win') return sign;
  if (value.kind === 'loss') return -sign;
  if (value.kind === 'draw') return 0;
  return Math.max(-1, Math.min(1, (sign * value.score) / scale));
}

// ---- game flow ------------------------------------------------------------------------

function computerSide() {
  return $('computer').value;
}

function computersTurn(state) {
  const side = computerSide();
  if (state.over || side === 'none') return false;
  return (side === 'first') === state.to_move_is_first;
}

async function startGame(position) {
  stopPlaying();
  const gameName = $('game').value;
  // Changing the game and pressing New game (or Load) quickly starts overlapping requests:
  // only the latest may set the board, whatever order the answers come in.
  const token = app.startToken = (app.startToken || 0) + 1;
  const state = await api('/api/position', position ? { game: gameName, position } : { game: gameName });
  if (token !== app.startToken) return;
  app.history = [{ state, move: null, analysis: null }];
  app.index = 0;
  app.tree = null;
  showTree();
  afterChange();
}

function push(state, move) {
  app.history = app.history.slice(0, app.index + 1);
  app.history.push({ state, move, analysis: null });
  app.index = app.history.length - 1;
}

function afterChange() {
  render();
  analyzeCurrent();
  computerMove();
}

async function analyzeCurrent() {
  const entry = current();
  if (entry.analysis) return;
  const token = ++app.analysisToken;
  try {
    entry.analysis = await api('/api/analyze', { game: entry.state.game, position: entry.state.position });
  } catch (error) {
    entry.analysis = { error: error.message };
  }
  if (token === app.analysisToken || entry === current()) render();
}

async function computerMove() {
  const entry = current();
  if (app.thinking || !computersTurn(entry.state)) return;
  app.thinking = true;
  render();
  try {
    const answer = await api('/api/move', {
      game: entry.state.game,
      position: entry.state.position,
      level: $('level').value,
    });
    if (entry === current()) push(answer.state, answer.move);
  } catch (error) {
    message('position-message', `computer: ${error.message}`);
  }
  app.thinking = false;
  afterChange();
}

async function play(move) {
  const entry = current();
  if (app.thinking || entry.state.over || computersTurn(entry.state)) return;
  try {
    const state = await api('/api/play', { game: entry.state.game, position: entry.state.position, move });
    push(state, move);
    message('position-message', '');
    afterChange();
  } catch (error) {
    message('position-message', error.message);
  }
}

function undo() {
  if (app.thinking || app.index === 0) return;
  app.index -= 1;
  // Against the computer, go back to a position where it is the person's turn.
  while (app.index > 0 && computersTurn(current().state)) app.index -= 1;
  render();
  analyzeCurrent();
}

function redo() {
  if (app.thinking || app.index >= app.history.length - 1) return;
  app.index += 1;
  while (app.index < app.history.length - 1 && computersTurn(current().state)) app.index += 1;
  afterChange();
}

function message(id, text, kind = 'error') {
  const node = $(id);
  node.textContent = text;
  node.className = `message ${text ? kind : ''}`;
}

// ---- drawing the position -------------------------------------------------------------

function moveValues(entry) {
  const values = new Map();
  const analysis = entry.analysis;
  if (analysis && analysis.moves) for (const result of analysis.moves) values.set(result.move, result.value);
  return values;
}

function render() {
  const entry = current();
  const state = entry.state;
  $('position').value = state.position;
  renderStatus(entry);
  renderBoard(entry);
  renderAnalysis(entry);
  renderChart();
  $('undo').disabled = app.index === 0 || app.thinking;
  $('redo').disabled = app.index >= app.history.length - 1 || app.thinking;
  $('thinking').hidden = !app.thinking;
  $('legend').hidden = !app.showValues;
  const hash = `game=${encodeURIComponent(state.game)}&position=${encodeURIComponent(state.position)}`;
  if (location.hash.slice(1) !== hash) history.replaceState(null, '', `#${hash}`);
}

function renderStatus(entry) {
  const state = entry.state;
  let text;
  if (state.over) {
    text = `Game over: ${state.result.text}.`;
  } else {
    const who = computersTurn(state) ? `computer (${state.to_move})` : state.to_move;
    text = `${who} to move`;
    const analysis = entry.analysis;
    if (analysis && analysis.value && !analysis.error) text += ` — ${valueText(analysis.value)}${analysis.capped ? ' (search capped)' : ''}`;
  }
  $('status').textContent = text;
  $('status').className = `status ${state.over ? 'over' : ''}`;
  const note = state.board && state.board.note;
  $('note').hidden = !note;
  $('note').textContent = note || '';
}

function renderBoard(entry) {
  const state = entry.state;
  const board = state.board;
  const container = $('board');
  container.replaceChildren();
  const values = moveValues(entry);
  const showValues = app.showValues && !state.over;
  const buttons = $('move-buttons');
  buttons.replaceChildren();
  if (!board) {
    // No board drawing for this game: its legal moves as buttons.
    container.hidden = true;
    buttons.hidden = false;
    const pre = el('pre', { class: 'text-board', text: state.text });
    buttons.append(pre);
    for (const move of state.moves) {
      const value = values.get(move);
      const label = showValues && value ? `${move} · ${cellLabel(value, state, false)}` : move;
      buttons.append(el('button', {
        type: 'button',
        class: `move-button ${showValues ? valueClass(value) : ''}`,
        'data-move': move,
        title: value ? valueText(value) : move,
        onclick: () => play(move),
      }, label));
    }
    return;
  }
  container.hidden = false;
  buttons.hidden = true;
  const compact = board.columns > 5;
  const hasRows = board.row_labels.length > 0;
  const hasColumns = board.column_labels.length > 0;
  container.style.setProperty('--columns', board.columns);
  container.style.gridTemplateColumns = `${hasRows ? 'auto ' : ''}repeat(${board.columns}, var(--cell))`;
  container.classList.toggle('compact', compact);
  for (let row = 0; row < board.rows; row++) {
    if (hasRows) container.append(el('div', { class: 'label row-label', text: board.row_labels[row] }));
    for (let column = 0; column < board.columns; column++) {
      const cell = board.cells[row * board.columns + column];
      container.append(renderCell(cell, values, state, showValues, compact));
    }
  }
  if (hasColumns) {
    if (hasRows) container.append(el('div'));
    for (const label of board.column_labels) container.append(el('div', { class: 'label column-label', text: label }));
  }
}

function renderCell(cell, values, state, showValues, compact) {
  const playable = cell.moves.length > 0 && !app.thinking && !computersTurn(state);
  const classes = ['cell'];
  if (cell.owner) classes.push(`owner-${cell.owner}`);
  if (cell.moves.length) classes.push('open');
  const single = cell.moves.length === 1 ? cell.moves[0] : null;
  const value = single ? values.get(single) : null;
  if (showValues && value) classes.push(valueClass(value));
  if (showValues && value && value.kind === 'heuristic') classes.push('estimate');
  const node = el('button', {
    type: 'button',
    class: classes.join(' '),
    'data-move': single || undefined,
    'data-cell': cell.text || '',
    disabled: playable ? undefined : 'disabled',
    title: single ? (value ? `${single}: ${valueText(value)}` : single) : undefined,
    onclick: single ? () => play(single) : undefined,
  });
  if (cell.text) node.append(el('span', { class: 'piece', text: cell.text }));
  if (showValues && value) node.append(el('span', { class: 'cell-value', text: cellLabel(value, state, compact) }));
  if (cell.moves.length > 1) {
    // Several moves act on this cell: one small button each.
    const choices = el('span', { class: 'choices' });
    for (const move of cell.moves) {
      const choiceValue = values.get(move);
      choices.append(el('span', {
        class: `choice ${showValues ? valueClass(choiceValue) : ''}`,
        role: 'button',
        'data-move': move,
        title: choiceValue ? `${move}: ${valueText(choiceValue)}` : move,
        onclick: (event) => { event.stopPropagation(); if (playable) play(move); },
      }, showValues && choiceValue ? `${move} ${cellLabel(choiceValue, state, true)}` : move));
    }
    node.append(choices);
  }
  return node;
}

// Gomoku's threat findings (the `vcf` and `vct` objects of the analysis), one line each.
function threatLines(analysis) {
  const lines = [];
  const { vcf, vct } = analysis;
  if (vcf && vcf.wins) lines.push(`VCF: ${vcf.side} wins by continuous fours: ${vcf.line.join(' ')}`);
  else if (vcf && vcf.threat) lines.push(`VCF threat against ${vcf.side}, stopped only by: ${vcf.defences.join(' ') || 'nothing'}`);
  if (vct && vct.wins) lines.push(`VCT: ${vct.side} wins by continuous threats (${vct.threats} attacking moves): ${vct.line.join(' ')}`);
  return lines;
}

function renderAnalysis(entry) {
  const analysis = entry.analysis;
  const body = $('moves-table').querySelector('tbody');
  body.replaceChildren();
  const threats = $('threats');
  const lines = analysis && !analysis.error ? threatLines(analysis) : [];
  threats.replaceChildren(...lines.map((line) => el('div', { text: line })));
  threats.hidden = lines.length === 0;
  const meta = $('analysis-meta');
  const verdict = $('verdict');
  if (!analysis) {
    verdict.textContent = 'analysing…';
    verdict.className = 'verdict';
    meta.textContent = '';
    return;
  }
  if (analysis.error) {
    verdict.textContent = analysis.error;
    verdict.className = 'verdict error';
    meta.textContent = '';
    return;
  }
  const state = entry.state;
  verdict.className = `verdict ${valueClass(analysis.value)}`;
  verdict.textContent = state.over
    ? `Game over: ${state.result.text}`
    : `${state.to_move} to move: ${valueText(analysis.value)}`;
  for (const result of analysis.moves) {
    const playable = !state.over && !computersTurn(state) && !app.thinking;
    body.append(el('tr', { class: playable ? 'playable' : '', onclick: playable ? () => play(result.move) : undefined },
      el('td', { class: 'move', text: result.move }),
      el('td', {}, el('span', { class: `chip ${valueClass(result.value)}`, text: valueText(result.value) })),
      el('td', { class: 'pv', text: result.pv.join(' ') })));
  }
  $('moves-table').hidden = analysis.moves.length === 0;
  const parts = [`${analysis.stats.nodes.toLocaleString()} nodes`, `${analysis.stats.time_ms} ms`];
  parts.push(analysis.exact ? 'exact' : `depth ${analysis.depth}`);
  meta.textContent = parts.join(' · ');
  if (analysis.capped) meta.textContent += ` — ${analysis.note}`;
}

function renderChart() {
  const chart = $('chart');
  chart.replaceChildren();
  const width = 360;
  const height = 150;
  const pad = { left: 52, right: 10, top: 14, bottom: 22 }; // room for player names such as "second" or "white"
  chart.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const plotWidth = width - pad.left - pad.right;
  const plotHeight = height - pad.top - pad.bottom;
  const scores = app.history
    .map((entry) => entry.analysis && entry.analysis.value)
    .filter((value) => value && (value.kind === 'score' || value.kind === 'heuristic'))
    .map((value) => Math.abs(value.score));
  const scale = Math.max(1, ...scores);
  const count = Math.max(app.history.length - 1, 8);
  const x = (index) => pad.left + (plotWidth * index) / count;
  const y = (value) => pad.top + (plotHeight * (1 - value)) / 2;
  const { first, second } = current().state.players;
  chart.append(svg('rect', { x: pad.left, y: pad.top, width: plotWidth, height: plotHeight / 2, class: 'zone-first' }));
  chart.append(svg('rect', { x: pad.left, y: y(0), width: plotWidth, height: plotHeight / 2, class: 'zone-second' }));
  chart.append(svg('line', { x1: pad.left, x2: width - pad.right, y1: y(0), y2: y(0), class: 'axis' }));
  chart.append(svg('text', { x: pad.left - 4, y: y(1) + 4, class: 'axis-label', 'text-anchor': 'end' }, first));
  chart.append(svg('text', { x: pad.left - 4, y: y(0) + 4, class: 'axis-label', 'text-anchor': 'end' }, '='));
  chart.append(svg('text', { x: pad.left - 4, y: y(-1) + 4, class: 'axis-label', 'text-anchor': 'end' }, second));
  chart.append(svg('text', { x: width - pad.right, y: height - 6, class: 'axis-label', 'text-anchor': 'end' }, 'ply'));
  chart.append(svg('line', { x1: x(app.index), x2: x(app.index), y1: pad.top, y2: pad.top + plotHeight, class: 'cursor' }));
  let path = '';
  let drawing = false;
  app.history.forEach((entry, index) => {
    const value = chartValue(entry, scale);
    if (value === null) { drawing = false; return; }
    path += `${drawing ? 'L' : 'M'}${x(index).toFixed(1)},${y(value).toFixed(1)} `;
    drawing = true;
  });
  chart.append(svg('path', { d: path.trim(), class: 'line' }));
  app.history.forEach((entry, index) => {
    const value = chartValue(entry, scale);
    if (value === null) return;
    const dot = svg('circle', { cx: x(index), cy: y(value), r: index === app.index ? 5 : 3.5, class: `dot ${chartClass(value)}` });
    dot.append(svg('title', {}, `ply ${index}${entry.move ? ` after ${entry.move}` : ''}: ${valueText(entry.analysis.value)} for ${entry.state.to_move}`));
    dot.addEventListener('click', () => { if (!app.thinking) { app.index = index; render(); } });
    chart.append(dot);
  });
}

function chartClass(value) {
  return value > 0 ? 'first' : value < 0 ? 'second' : 'even';
}

// ---- the tree stepper -----------------------------------------------------------------

async function buildTree() {
  stopPlaying();
  const entry = current();
  const depth = $('depth').value;
  const request = { game: entry.state.game, position: entry.state.position, algorithm: $('algorithm').value };
  if (depth) request.depth = Number(depth);
  message('tree-message', '');
  $('build-tree').disabled = true;
  try {
    app.tree = await api('/api/tree', request);
    app.step = 0;
  } catch (error) {
    app.tree = null;
    message('tree-message', error.message);
  }
  $('build-tree').disabled = false;
  showTree();
}

function stopPlaying() {
  if (app.timer) clearInterval(app.timer);
  app.timer = null;
  $('step-play').textContent = '▶';
}

function setStep(step) {
  if (!app.tree) return;
  app.step = Math.max(0, Math.min(app.tree.events.length, step));
  if (app.step === app.tree.events.length) stopPlaying();
  showTree();
}

function togglePlay() {
  if (!app.tree) return;
  if (app.timer) { stopPlaying(); return; }
  if (app.step >= app.tree.events.length) app.step = 0;
  $('step-play').textContent = '❚❚';
  app.timer = setInterval(() => setStep(app.step + 1), 550);
}

// Replays the first `step` events: which nodes are open, finished, cut off.
function replay(tree, step) {
  const status = new Array(tree.nodes.length).fill('unseen');
  const stack = [];
  let last = null;
  for (let index = 0; index < step; index++) {
    const event = tree.events[index];
    last = event;
    if (event.type === 'enter') { status[event.node] = 'open'; stack.push(event.node); }
    else if (event.type === 'leave') { status[event.node] = 'done'; stack.pop(); }
    else for (const id of event.pruned) status[id] = 'cut';
  }
  return { status, stack, last };
}

// The window of an open node as the search holds it now: its entry window narrowed by
// the best value found so far among its finished children.
function currentWindow(tree, id, status) {
  const node = tree.nodes[id];
  if (!node.alpha) return null;
  let alpha = node.alpha;
  let beta = node.beta;
  for (const child of node.children) {
    if (status[child] !== 'done') continue;
    const value = tree.nodes[child].value;
    if (node.max && value.raw > alpha.raw) alpha = value;
    if (!node.max && value.raw < beta.raw) beta = value;
  }
  return { alpha, beta };
}

function nodeName(tree, id) {
  const node = tree.nodes[id];
  const path = [];
  for (let at = node; at && at.move !== null; at = at.parent === null ? null : tree.nodes[at.parent]) path.unshift(at.move);
  return path.length ? path.join(' ') : 'the root';
}

function boundText(node) {
  const text = node.value ? node.value.text : '?';
  if (node.bound === 'upper') return `≤ ${text}`;
  if (node.bound === 'lower') return `≥ ${text}`;
  return text;
}

function describeStep(tree, replayed) {
  const event = replayed.last;
  if (!event) {
    const root = tree.nodes[0];
    return `${tree.algorithm === 'alphabeta' ? 'Alpha-beta' : 'Minimax'} on ${tree.position}: ${tree.nodes.filter((n) => !n.pruned).length} nodes visited` +
      `${tree.statistics.pruned ? `, ${tree.statistics.pruned} cut off` : ''}; root value ${root.value ? root.value.text : '?'}. Press ▶| to step.`;
  }
  const node = tree.nodes[event.node];
  const role = `${node.max ? 'MAX' : 'MIN'}, ${node.player} to move`;
  if (event.type === 'enter') {
    const window = node.alpha ? ` with window [α = ${node.alpha.text}, β = ${node.beta.text}]` : '';
    const leaf = node.terminal ? ' — the game is over here' : '';
    return `Enter ${nodeName(tree, event.node)} (${role})${window}${leaf}.`;
  }
  if (event.type === 'leave') {
    let why = '';
    if (node.bound === 'upper') why = ': only an upper bound — MAX already has something at least as good elsewhere';
    if (node.bound === 'lower') why = ': only a lower bound — MIN already has something at least as good elsewhere';
    return `${nodeName(tree, event.node)} is worth ${boundText(node)} for MAX${why}.`;
  }
  const window = currentWindow(tree, event.node, replayed.status);
  const cut = event.pruned.map((id) => tree.nodes[id].move).join(', ');
  const test = window ? (node.max ? `${window.alpha.text} ≥ β = ${window.beta.text}` : `${window.beta.text} ≤ α = ${window.alpha.text}`) : '';
  return `Cut-off at ${nodeName(tree, event.node)}: ${test} — the opponent will never allow this line, so ${cut} ${event.pruned.length === 1 ? 'is' : 'are'} never searched.`;
}

function showTree() {
  const tree = app.tree;
  const canvas = $('tree');
  canvas.replaceChildren();
  const controls = ['step-first', 'step-back', 'step-play', 'step-next', 'step-last'];
  for (const id of controls) $(id).disabled = !tree;
  if (!tree) {
    $('step-count').textContent = '';
    $('step-text').textContent = 'Search a position to see its tree. Small positions work best: a few moves before the end, or a depth limit.';
    canvas.setAttribute('width', 0);
    canvas.setAttribute('height', 0);
    $('tree-wrap').hidden = true;
    return;
  }
  $('tree-wrap').hidden = false;
  const replayed = replay(tree, app.step);
  $('step-count').textContent = `step ${app.step} / ${tree.events.length}`;
  $('step-text').textContent = describeStep(tree, replayed);

  // Layout: leaves left to right in search order, parents centred above their children.
  const spacing = 46;
  const levelHeight = 74;
  const position = [];
  let nextLeaf = 0;
  let deepest = 0;
  const place = (id) => {
    const node = tree.nodes[id];
    deepest = Math.max(deepest, node.ply);
    if (node.children.length === 0) {
      position[id] = nextLeaf++;
    } else {
      node.children.forEach(place);
      position[id] = (position[node.children[0]] + position[node.children[node.children.length - 1]]) / 2;
    }
  };
  place(0);
  const width = Math.max(nextLeaf * spacing + 40, 300);
  const height = (deepest + 1) * levelHeight + 40;
  canvas.setAttribute('width', width);
  canvas.setAttribute('height', height);
  canvas.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const cx = (id) => 20 + spacing / 2 + position[id] * spacing;
  const cy = (id) => 30 + tree.nodes[id].ply * levelHeight;
  const active = replayed.stack[replayed.stack.length - 1];

  const edges = svg('g', { class: 'edges' });
  const nodes = svg('g', { class: 'nodes' });
  const windows = svg('g', { class: 'windows' });
  tree.nodes.forEach((node, id) => {
    const status = replayed.status[id];
    if (node.parent !== null) {
      const edge = svg('g', { class: `edge ${status}` });
      edge.append(svg('line', { x1: cx(node.parent), y1: cy(node.parent) + 15, x2: cx(id), y2: cy(id) - 15 }));
      const midX = (cx(node.parent) + cx(id)) / 2;
      const midY = (cy(node.parent) + cy(id)) / 2;
      edge.append(svg('text', { x: midX, y: midY, class: 'edge-label' }, node.move));
      if (status === 'cut') edge.append(svg('text', { x: midX, y: midY + 13, class: 'scissors' }, '✂'));
      edges.append(edge);
    }
    const group = svg('g', {
      class: `node ${node.max ? 'max' : 'min'} ${status}${id === active ? ' active' : ''}${node.pruned ? ' pruned' : ''}`,
      'data-node': id,
      transform: `translate(${cx(id)},${cy(id)})`,
    });
    group.append(node.max
      ? svg('rect', { x: -16, y: -15, width: 32, height: 30, rx: 4 })
      : svg('circle', { r: 16 }));
    const shown = status === 'done' ? boundText(node) : status === 'cut' ? '' : status === 'open' ? '…' : '';
    group.append(svg('text', { class: 'node-value', y: 4 }, shown));
    group.append(svg('title', {}, `${nodeName(tree, id)}\n${node.position}\n${node.max ? 'MAX' : 'MIN'} (${node.player} to move)` +
      `${node.value ? `\nvalue ${boundText(node)}` : ''}${node.pruned ? '\ncut off: never searched' : ''}`));
    if (status === 'open' && node.alpha) {
      // Windows go on a layer above every node, so no neighbour hides them.
      const window = currentWindow(tree, id, replayed.status);
      windows.append(svg('text', { class: 'window', x: cx(id) + 20, y: cy(id) - 8 }, `α ${window.alpha.text}`));
      windows.append(svg('text', { class: 'window', x: cx(id) + 20, y: cy(id) + 6 }, `β ${window.beta.text}`));
    }
    nodes.append(group);
  });
  canvas.append(edges, nodes, windows);
  const focus = active !== undefined ? active : (replayed.last ? replayed.last.node : 0);
  const wrap = $('tree-wrap');
  const target = cx(focus) - wrap.clientWidth / 2;
  if (cx(focus) < wrap.scrollLeft + 40 || cx(focus) > wrap.scrollLeft + wrap.clientWidth - 40) wrap.scrollLeft = Math.max(0, target);
}

// ---- start ----------------------------------------------------------------------------

async function init() {
  const data = await api('/api/games');
  app.games = data.games;
  app.levels = data.levels;
  const select = $('game');
  for (const game of data.games) select.append(el('option', { value: game.name, text: game.name }));
  select.append(el('option', { value: '__other', text: 'other…' }));
  for (const level of data.levels) $('level').append(el('option', { value: level, text: level }));
  const hash = new URLSearchParams(location.hash.slice(1));
  const wanted = hash.get('game');
  if (wanted && !app.games.some((game) => game.name === wanted)) {
    select.insertBefore(el('option', { value: wanted, text: wanted }), select.lastChild);
  }
  if (wanted) select.value = wanted;

  select.addEventListener('change', () => {
    if (select.value === '__other') {
      const name = prompt('Game name (for example mnk:4,3,3):', 'mnk:4,3,3');
      if (!name) { select.value = current() ? current().state.game : select.options[0].value; return; }
      if (![...select.options].some((option) => option.value === name)) {
        select.insertBefore(el('option', { value: name, text: name }), select.lastChild);
      }
      select.value = name;
    }
    startGame().catch((error) => message('position-message', error.message));
  });
  $('new-game').addEventListener('click', () => startGame().catch((error) => message('position-message', error.message)));
  $('computer').addEventListener('change', () => { render(); computerMove(); });
  $('show-values').addEventListener('change', (event) => { app.showValues = event.target.checked; render(); });
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('position-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = $('position').value.trim();
    message('position-message', '');
    api('/api/position', { game: $('game').value, position: text })
      .then(() => startGame(text))
      .then(() => message('position-message', 'position loaded', 'ok'))
      .catch((error) => message('position-message', error.message));
  });
  $('copy').addEventListener('click', async () => {
    const input = $('position');
    try {
      await navigator.clipboard.writeText(input.value);
    } catch (error) {
      input.select();
      document.execCommand('copy');
    }
    message('position-message', 'position copied', 'ok');
  });
  $('build-tree').addEventListener('click', buildTree);
  $('step-first').addEventListener('click', () => setStep(0));
  $('step-back').addEventListener('click', () => setStep(app.step - 1));
  $('step-next').addEventListener('click', () => setStep(app.step + 1));
  $('step-last').addEventListener('click', () => setStep(Infinity));
  $('step-play').addEventListener('click', togglePlay);
  document.addEventListener('keydown', (event) => {
    if (!app.tree || event.target.matches('input, select, textarea')) return;
    if (event.key === 'ArrowRight') setStep(app.step + 1);
    if (event.key === 'ArrowLeft') setStep(app.step - 1);
  });
  window.addEventListener('hashchange', () => {
    const wanted = new URLSearchParams(location.hash.slice(1));
    const game = wanted.get('game');
    const state = current().state;
    if (!game || (game === state.game && wanted.get('position') === state.position)) return;
    if (![...select.options].some((option) => option.value === game)) {
      select.insertBefore(el('option', { value: game, text: game }), select.lastChild);
    }
    select.value = game;
    startGame(wanted.get('position') || undefined).catch((error) => message('position-message', error.message));
  });
  await startGame(hash.get('position') || undefined).catch(async (error) => {
    message('position-message', error.message);
    await startGame();
  });
  document.body.dataset.ready = 'true';
}

init().catch((error) => {
  document.body.prepend(el('div', { class: 'fatal', text: `The page could not start: ${error.message}` }));
});
