// Compares tsumego-studio's answers with tsumego.js's (npm package, pinned in package.json).
// Run it through scripts/compare-tsumego-js.sh, which builds the solver and installs
// tsumego.js first; the shell script's header documents the method and the options.
//
//   node scripts/tsumego-js/compare.mjs [--bin PATH] [--timeout S] [--our-time-limit S]
//        [--runs N] [--markdown OUT.md] [FILE.sgf ...]

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');

// ---------------------------------------------------------------- options
function usage(code) {
    console.log(`usage: compare.mjs [--bin PATH] [--timeout S] [--our-time-limit S] [--runs N] [--markdown OUT.md] [FILE.sgf ...]`);
    process.exit(code);
}
const opts = { bin: path.join(repo, 'target/release/tsumego-studio'), timeout: 60, ourLimit: 60, runs: 1, markdown: null, files: [] };
{
    const a = process.argv.slice(2);
    for (let i = 0; i < a.length; i++) {
        const need = () => (i + 1 < a.length ? a[++i] : usage(2));
        switch (a[i]) {
            case '--bin': opts.bin = need(); break;
            case '--timeout': opts.timeout = Number(need()); break;
            case '--our-time-limit': opts.ourLimit = Number(need()); break;
            case '--runs': opts.runs = Math.max(1, Math.floor(Number(need())) || 1); break;
            case '--markdown': opts.markdown = need(); break;
            case '-h': case '--help': usage(0); break;
            default:
                if (a[i].startsWith('--')) usage(2);
                opts.files.push(a[i]);
        }
    }
    if (!opts.files.length) {
        const dir = path.join(repo, 'problems');
        opts.files = readdirSync(dir).filter((f) => f.endsWith('.sgf')).sort().map((f) => path.join(dir, f));
    }
}

// ---------------------------------------------------------------- SGF and coordinates
const GTP_COLS = 'ABCDEFGHJKLMNOPQRST';
const sgfPt = (x, y) => String.fromCharCode(97 + x) + String.fromCharCode(97 + y);
const parsePt = (s) => [s.charCodeAt(0) - 97, s.charCodeAt(1) - 97];
const gtp = ([x, y], size) => GTP_COLS[x] + String(size - y);
function fromGtp(s, size) {
    const m = /^([A-HJ-T])(\d+)$/i.exec(s.trim());
    if (!m) return null;
    return [GTP_COLS.indexOf(m[1].toUpperCase()), size - Number(m[2])];
}
const colorName = (c) => (c > 0 ? 'Black' : 'White');
const colorLetter = (c) => (c > 0 ? 'B' : 'W');
const colorOf = (name) => (/^b/i.test(name) ? +1 : /^w/i.test(name) ? -1 : 0);

/** The properties of the SGF's root node: { ID: [values] }. */
function parseRoot(text) {
    const props = {};
    let i = text.indexOf('(');
    i = text.indexOf(';', i) + 1;
    let id = null;
    while (i < text.length) {
        const c = text[i];
        if (c === '[') {
            let v = '';
            i++;
            while (i < text.length && text[i] !== ']') {
                if (text[i] === '\\') i++;
                v += text[i++];
            }
            i++;
            (props[id] ||= []).push(v);
        } else if (/[A-Za-z]/.test(c)) {
            let j = i;
            while (/[A-Za-z]/.test(text[j])) j++;
            id = text.slice(i, j).replace(/[a-z]/g, '');
            i = j;
        } else if (c === ';' || c === '(' || c === ')') {
            break;
        } else {
            i++;
        }
    }
    return props;
}
/** Point list values, with compressed rectangles ("aa:cc") expanded. */
function points(values) {
    const out = [];
    for (const v of values || []) {
        if (!v) continue;
        const [a, b] = v.split(':');
        const [x0, y0] = parsePt(a);
        const [x1, y1] = b ? parsePt(b) : [x0, y0];
        for (let y = Math.min(y0, y1); y <= Math.max(y0, y1); y++)
            for (let x = Math.min(x0, x1); x <= Math.max(x0, x1); x++) out.push([x, y]);
    }
    return out;
}

// ---------------------------------------------------------------- board helpers
function makeBoard(size, ab, aw) {
    const b = Array.from({ length: size }, () => new Array(size).fill(0));
    for (const [x, y] of ab) b[y][x] = +1;
    for (const [x, y] of aw) b[y][x] = -1;
    return b;
}
const inside = (size, x, y) => x >= 0 && y >= 0 && x < size && y < size;
const N4 = [[1, 0], [-1, 0], [0, 1], [0, -1]];
const N8 = [...N4, [1, 1], [1, -1], [-1, 1], [-1, -1]];
function flood(board, [x0, y0], ok, nbs) {
    const size = board.length;
    const seen = new Set([`${x0},${y0}`]);
    const out = [[x0, y0]];
    for (let k = 0; k < out.length; k++) {
        const [x, y] = out[k];
        for (const [dx, dy] of nbs) {
            const nx = x + dx, ny = y + dy, key = `${nx},${ny}`;
            if (inside(size, nx, ny) && !seen.has(key) && ok(nx, ny)) {
                seen.add(key);
                out.push([nx, ny]);
            }
        }
    }
    return out;
}
const blockOf = (board, p) => flood(board, p, (x, y) => board[y][x] === board[p[1]][p[0]], N4);
/** tsumego.js's area: everything 8-connected to the target without crossing the opponent's stones. */
const tjsArea = (board, t) => flood(board, t, (x, y) => board[y][x] * board[t[1]][t[0]] >= 0, N8);

/**
 * tsumego.js handles boards up to 16x16. A larger board is cut to a 16x16 window at the
 * corner nearest the stones, which changes nothing the solver sees when every stone and
 * each of its neighbours fall inside the window (so every block keeps its liberties) and
 * the area inside the wall does too. Returns { x0, y0, size } or { reason }.
 */
function cropWindow(board, area) {
    const size = board.length, W = 16;
    if (size <= W) return { x0: 0, y0: 0, size };
    let minx = size, maxx = -1, miny = size, maxy = -1;
    for (let y = 0; y < size; y++)
        for (let x = 0; x < size; x++)
            if (board[y][x]) {
                minx = Math.min(minx, x - 1); maxx = Math.max(maxx, x + 1);
                miny = Math.min(miny, y - 1); maxy = Math.max(maxy, y + 1);
            }
    for (const [x, y] of area) {
        minx = Math.min(minx, x); maxx = Math.max(maxx, x);
        miny = Math.min(miny, y); maxy = Math.max(maxy, y);
    }
    minx = Math.max(minx, 0); miny = Math.max(miny, 0);
    maxx = Math.min(maxx, size - 1); maxy = Math.min(maxy, size - 1);
    const x0 = minx <= size - 1 - maxx ? 0 : size - W;
    const y0 = miny <= size - 1 - maxy ? 0 : size - W;
    if (minx < x0 || maxx >= x0 + W || miny < y0 || maxy >= y0 + W)
        return { reason: `${size}x${size} board (tsumego.js: at most 16x16) and the stones or the area inside the wall (${area.length} points) do not fit in a 16x16 corner window` };
    return { x0, y0, size: W };
}

// ---------------------------------------------------------------- our solver
function runOurs(file, extra) {
    const args = ['solve', file, '--json', '--time-limit-secs', String(opts.ourLimit), ...extra];
    const t0 = process.hrtime.bigint();
    const r = spawnSync(opts.bin, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
    const wall = Number(process.hrtime.bigint() - t0) / 1e9;
    if (r.status !== 0) throw new Error(`tsumego-studio ${args.join(' ')}: exit ${r.status}: ${(r.stderr || '').trim().slice(0, 300)}`);
    const j = JSON.parse(r.stdout);
    j.wall = wall;
    return j;
}

// ---------------------------------------------------------------- tsumego.js (child process)
function runTjs(input) {
    const r = spawnSync(process.execPath, [path.join(here, 'tjs-worker.cjs')], {
        input: JSON.stringify(input),
        encoding: 'utf8',
        timeout: opts.timeout * 1000,
        killSignal: 'SIGKILL',
        cwd: here,
        maxBuffer: 64 << 20,
    });
    const lines = (r.stdout || '').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    const timedOut = !!(r.error && r.error.code === 'ETIMEDOUT') || r.signal === 'SIGKILL';
    const crashed = !timedOut && r.status !== 0 ? (r.stderr || '').trim().split('\n').slice(-1)[0] : null;
    return { lines, timedOut, crashed };
}

// ---------------------------------------------------------------- in-process times
// Ours: `in_process_us` of `solve --json` (the file claim's analysis and the check of its result,
// in the solving process: no start-up, loading or printing). tsumego.js: its solve call with the
// matching ko master, timed inside node (no node start-up, no SGF parsing). Each is one solve in
// a fresh process, as a user's one-shot `solve` runs; with --runs N, the median of N processes.
const median = (v) => quantile(v, 0.5);
/** The value at quantile q of v (nearest rank), or null for an empty list. */
function quantile(v, q) {
    if (!v.length) return null;
    const s = [...v].sort((a, b) => a - b);
    return s[Math.min(s.length, Math.max(1, Math.ceil(q * s.length))) - 1];
}
function ourMicros(file, first) {
    const us = [first.in_process_us];
    for (let i = 1; i < opts.runs; i++) us.push(runOurs(file, []).in_process_us);
    return us.every((u) => typeof u === 'number') ? median(us) : null;
}
function tjsMicros(input, first) {
    const us = [first * 1e6];
    for (let i = 1; i < opts.runs; i++) {
        const r = runTjs({ ...input, kms: input.kms.slice(0, 1), timeOnly: true });
        const line = r.lines.find((l) => l.kind === 'solve');
        if (!line) return null;
        us.push(line.seconds * 1e6);
    }
    return median(us);
}
const fmtUs = (us) => (us == null ? '–' : us < 1000 ? `${us.toFixed(0)} µs` : `${(us / 1000).toFixed(1)} ms`);

// ---------------------------------------------------------------- one problem
const fmtS = (s) => (s == null ? '–' : s < 0.01 ? s.toFixed(4) : s < 10 ? s.toFixed(3) : s.toFixed(1));

function compareOne(file) {
    const row = { file: path.basename(file), ours: '–', tjs: '–', agree: 'n/c', moves: '–', times: '–', notes: [] };
    const note = (s) => row.notes.push(s);

    // 1. our solver
    let ours;
    try {
        ours = runOurs(file, []);
    } catch (e) {
        row.ours = 'error';
        note(`our solver failed: ${e.message}`);
        return row;
    }
    const text = readFileSync(file, 'utf8');
    const root = parseRoot(text);
    const size = Number((root.SZ || ['19'])[0]);
    const ab = points(root.AB), aw = points(root.AW);
    const board = makeBoard(size, ab, aw);
    const toMove = (/(Black|White) to move/.exec(ours.summary || '') || [])[1];
    const stm = root.PL ? colorOf(root.PL[0]) : colorOf(toMove || '');
    if (!stm) { note('no side to move'); return row; }
    const orColor = colorOf(ours.or_player);
    const S = colorLetter(stm);

    // "stm wins" in our terms: the OR player moves and wins, or the other side moves and the OR player fails.
    let oursStmWins = null;
    if (ours.status === 'win') oursStmWins = orColor === stm;
    else if (ours.status === 'fail') oursStmWins = orColor !== stm;
    // The opposite claim (--side live/kill): its first move when stm is its OR player, and
    // how it succeeds (e.g. "Black lives in seki" when the file's kill claim fails).
    let opp = null;
    const oppSide = /^(live|live-any)$/.test(ours.goal) ? 'kill' : 'live';
    try {
        opp = runOurs(file, ['--side', oppSide]);
    } catch (e) {
        note(`--side ${oppSide} failed: ${e.message}`);
    }
    const howOf = (j) => {
        if (!j || !j.how) return '?';
        let h = j.how.kind;
        if (h === 'ko' && j.how.first_capture) h += `, ${colorLetter(colorOf(j.how.first_capture))} takes first`;
        return h;
    };
    const claim = (j) => `${colorLetter(colorOf(j.or_player))} ${j.goal}`;
    const descr = (j) => `${claim(j)} ${j.status}${j.how && j.how.kind !== 'plain' ? `: ${howOf(j)}` : ''}`;
    const howText = [ours, opp].filter(Boolean).map(descr).join('; ');
    let oursMove = null;
    if (oursStmWins) oursMove = orColor === stm ? ours.first_move : opp && colorOf(opp.or_player) === stm ? opp.first_move : null;
    row.ours = oursStmWins == null ? `unknown (${ours.status})` : `${S} ${oursStmWins ? 'wins' : 'loses'} (${howText})`;
    const ourSecs = ours.seconds;
    const kos = [ours, opp].filter(Boolean).some((j) => j.how && /^ko/.test(j.how.kind));
    const seki = [ours, opp].filter(Boolean).some((j) => j.how && /seki/.test(j.how.kind));

    // 2. the target for tsumego.js
    let target = null, targetWhy = '';
    const tr = points(root.TR);
    const crucial = /crucial \d+ \(([A-HJ-T]\d+)/.exec(ours.summary || '');
    if (tr.length) {
        target = tr[0];
        targetWhy = 'first TR';
        const blocks = new Set();
        for (const p of tr) blocks.add(blockOf(board, p).map(String).sort()[0]);
        if (blocks.size > 1) note(`TR spans ${blocks.size} blocks; tsumego.js targets the block of the first TR point only`);
    } else if (crucial) {
        target = fromGtp(crucial[1], size);
        targetWhy = ours.inferred ? 'inferred, first crucial stone' : 'first crucial stone';
    } else if (/^(live-any|kill-all)$/.test(ours.goal)) {
        const def = ours.goal === 'live-any' ? orColor : -orColor;
        const stones = def > 0 ? ab : aw;
        const blocks = new Map();
        for (const p of stones) {
            const key = blockOf(board, p).map(String).sort()[0];
            if (!blocks.has(key)) blocks.set(key, p);
        }
        if (blocks.size === 1) {
            target = [...blocks.values()][0];
            targetWhy = `${ours.goal}: ${colorName(def)}'s only block`;
            note(`goal ${ours.goal}: ${colorName(def)} has one block, used as the target`);
        } else {
            row.tjs = 'not comparable';
            note(`goal ${ours.goal} with ${blocks.size} ${colorName(def)} blocks: tsumego.js needs one target block`);
        }
    }
    if (!target) {
        if (row.tjs === '–') { row.tjs = 'not comparable'; note('no target (no TR, no crucial stones in the summary)'); }
        row.times = `${fmtS(ourSecs)} / –`;
        return row;
    }
    if (!board[target[1]][target[0]]) {
        row.tjs = 'not comparable';
        note(`target ${gtp(target, size)} (${targetWhy}) is an empty point`);
        return row;
    }

    // 3. tsumego.js's SGF (cut to 16x16 if needed)
    const area = tjsArea(board, target);
    const win = cropWindow(board, area);
    if (win.reason) {
        row.tjs = 'not comparable';
        note(win.reason);
        if (area.length > size * size / 2) note(`no closed wall: the area reachable from the target spans ${area.length} of ${size * size} points (tsumego.js needs a thick wall)`);
        row.times = `${fmtS(ourSecs)} / –`;
        return row;
    }
    const { x0, y0 } = win;
    const cropped = win.size !== size;
    const sh = ([x, y]) => sgfPt(x - x0, y - y0);
    const unsh = ([x, y]) => [x + x0, y + y0];
    const tjsSgf = `(;FF[4]SZ[${win.size}]` +
        (ab.length ? 'AB' + ab.map((p) => `[${sh(p)}]`).join('') : '') +
        (aw.length ? 'AW' + aw.map((p) => `[${sh(p)}]`).join('') : '') +
        `MA[${sh(target)}]PL[${S}])`;
    if (cropped) note(`cut to 16x16 at ${gtp([x0, y0 + 15], size)}–${gtp([x0 + 15, y0], size)}`);

    // km = the ko master: the OR player's opponent matches our rules (the OR player may not rely on ko)
    const kmMatch = -orColor;
    const ourMoveXY = oursMove ? fromGtp(oursMove, size) : null;
    const tjsInput = {
        sgf: tjsSgf,
        stm,
        kms: [kmMatch, 0, orColor],
        ourMove: ourMoveXY ? [ourMoveXY[0] - x0, ourMoveXY[1] - y0] : null,
    };
    const res = runTjs(tjsInput);
    const get = (kind, km) => res.lines.find((l) => l.kind === kind && (km === undefined || l.km === km));
    const err = get('error');
    if (err) {
        row.tjs = 'not comparable';
        note(`tsumego.js: ${err.message}`);
        row.times = `${fmtS(ourSecs)} / –`;
        return row;
    }
    const setup = get('setup');
    if (setup) note(`tsumego.js target ${gtp(unsh(setup.target), size)} (${targetWhy}), area ${setup.rzone} points`);
    const main = get('solve', kmMatch);
    const mv = (p) => (p ? gtp(unsh(p), size) : 'pass');
    if (!main) {
        row.tjs = res.timedOut ? `timeout (${opts.timeout} s)` : 'crashed';
        if (res.crashed) note(`tsumego.js crashed: ${res.crashed}`);
        row.times = `${fmtS(ourSecs)} / >${opts.timeout}`;
        return row;
    }
    // tsumego.js's answer under each ko master
    const kmName = (km) => (km > 0 ? 'B' : km < 0 ? 'W' : 'none');
    const other = [0, orColor].map((km) => get('solve', km));
    let tjsText = `${S} ${main.stmWins ? 'wins' : 'loses'} (km ${kmName(kmMatch)})`;
    const flips = other.filter((o) => o && o.stmWins !== main.stmWins).map((o) => `km ${kmName(o.km)}`);
    const missing = other.filter((o) => !o).length;
    if (flips.length) tjsText += `; ${main.stmWins ? 'loses' : 'wins'} with ${flips.join(', ')}`;
    else if (!missing) tjsText += '; same for every ko master';
    if (missing) tjsText += `; ${missing} km timed out`;
    row.tjs = tjsText;
    row.times = `${fmtS(ourSecs)} / ${fmtS(main.seconds)}`;
    row.oursUs = ourMicros(file, ours);
    row.tjsUs = tjsMicros(tjsInput, main.seconds);
    if (row.oursUs != null && row.tjsUs) row.ratio = row.oursUs / row.tjsUs;

    // 4. compare
    if (oursStmWins == null) {
        row.agree = 'n/c';
        note('our result is unknown');
    } else {
        row.agree = oursStmWins === main.stmWins ? 'yes' : 'NO';
    }
    // ko: each of our OR player's ko rules next to the corresponding tsumego.js ko master
    // (disallow ~ the opponent is ko master, allow ~ nobody, master ~ the OR player).
    const kmFor = { disallow: -orColor, allow: 0, master: orColor };
    const koChecks = [];
    for (const sr of ours.searches || []) {
        if (colorOf(sr.or_player) !== orColor || !(sr.or_ko_rule in kmFor) || /uca/.test(sr.goal)) continue;
        if (sr.status !== 'win' && sr.status !== 'fail') continue;
        const t = get('solve', kmFor[sr.or_ko_rule]);
        if (!t) continue;
        const tjsOrWins = t.stmWins === (orColor === stm);
        koChecks.push({ rule: sr.or_ko_rule, ours: sr.status === 'win', tjs: tjsOrWins, km: kmName(t.km) });
    }
    if (kos || koChecks.length > 1 || flips.length) {
        const txt = koChecks.map((k) => `${k.rule} ${k.ours ? 'win' : 'fail'} / km ${k.km} ${k.tjs ? 'win' : 'fail'}${k.ours === k.tjs ? '' : ' (differ)'}`);
        if (txt.length) note(`${colorLetter(orColor)}'s ko rules, ours / tsumego.js: ${txt.join(', ')}`);
    }
    if (seki) note('seki: both count it as life (tsumego.js: the target survives two passes)');
    if (row.agree === 'NO' && kos) note('likely cause: tsumego.js voids the ko master\'s threats after two passes (the Japanese "bent four in the corner is dead" ruling), so a ko the attacker may start whenever it likes counts as a kill even against the ko master; ours calls it a ko the attacker must take first (see the header of scripts/compare-tsumego-js.sh)');
    if (oursStmWins && main.stmWins) {
        const moves = get('moves', kmMatch);
        const ourTest = get('ours', kmMatch);
        const winList = moves ? moves.winning.map(mv) : null;
        let m = `ours ${oursMove || '–'} / tsumego.js ${mv(main.move)}`;
        if (oursMove && oursMove === mv(main.move)) m += ' (same)';
        else if (ourTest) m += ourTest.legal ? (ourTest.wins ? '; ours wins in tsumego.js' : '; ours LOSES in tsumego.js') : '; ours illegal in tsumego.js';
        if (winList) m += `; tsumego.js's winning moves: ${winList.join(' ') || 'none'}`;
        else if (res.timedOut) m += '; (listing winning moves timed out)';
        row.moves = m;
    } else if (oursStmWins === false && !main.stmWins) {
        row.moves = '– (no winning move)';
    } else {
        row.moves = `ours ${oursMove || '–'} / tsumego.js ${main.stmWins ? mv(main.move) : '–'}`;
    }
    return row;
}

// ---------------------------------------------------------------- table
const rows = [];
for (const f of opts.files) {
    const row = compareOne(path.resolve(f));
    rows.push(row);
    process.stderr.write(`${row.file}: ${row.agree}\n`);
}
const header = ['file', 'ours (side to move)', 'tsumego.js (side to move)', 'agree?', 'first moves', 'seconds ours / tsumego.js', 'notes'];
const cells = rows.map((r) => [r.file, r.ours, r.tjs, r.agree, r.moves, r.times, r.notes.join('; ') || '']);
const nAgree = rows.filter((r) => r.agree === 'yes').length;
const nDis = rows.filter((r) => r.agree === 'NO').length;
const nNc = rows.length - nAgree - nDis;
const summary = `agree ${nAgree} / disagree ${nDis} / not comparable ${nNc} (of ${rows.length})`;

// in-process times of the problems both solved (tsumego.js's: enclosed problems only)
const timed = rows.filter((r) => r.ratio != null);
const timeHeader = ['file', 'ours in-process', 'tsumego.js in-process', 'ratio'];
const timeCells = timed.map((r) => [r.file, fmtUs(r.oursUs), fmtUs(r.tjsUs), r.ratio.toFixed(2)]);
const q = (key, p) => quantile(timed.map((r) => r[key]), p);
const timeSummary = timed.length
    ? `in-process time, ${timed.length} problems solved by both (median of ${opts.runs} process${opts.runs > 1 ? 'es' : ''} each): ` +
      `ours median ${fmtUs(q('oursUs', 0.5))}, 90th percentile ${fmtUs(q('oursUs', 0.9))}; ` +
      `tsumego.js median ${fmtUs(q('tjsUs', 0.5))}, 90th percentile ${fmtUs(q('tjsUs', 0.9))}; ` +
      `ratio ours / tsumego.js: median ${q('ratio', 0.5).toFixed(2)}, 90th percentile ${q('ratio', 0.9).toFixed(2)}, max ${q('ratio', 1).toFixed(2)}`
    : 'in-process time: no problem solved by both';

const esc = (s) => String(s).replace(/\|/g, '\\|');
const md = [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...cells.map((c) => `| ${c.map(esc).join(' | ')} |`),
].join('\n');

// console: one block per problem (the cells are too wide for one line)
for (const c of cells) {
    console.log(`${c[0]}  [agree: ${c[3]}]`);
    console.log(`    ours:        ${c[1]}`);
    console.log(`    tsumego.js:  ${c[2]}`);
    console.log(`    first moves: ${c[4]}`);
    console.log(`    seconds:     ${c[5]}`);
    if (c[6]) console.log(`    notes:       ${c[6]}`);
}
console.log('in-process times (ours: solve\'s analysis + check; tsumego.js: its solve call):');
for (const c of timeCells) console.log(`    ${c[0].padEnd(34)} ours ${c[1].padStart(8)}  tsumego.js ${c[2].padStart(8)}  ratio ${c[3].padStart(7)}`);
console.log(timeSummary);
console.log(summary);

if (opts.markdown) {
    const legend = [
        '# tsumego-studio vs tsumego.js',
        '',
        `Generated by \`scripts/compare-tsumego-js.sh\` (tsumego.js ${JSON.parse(readFileSync(path.join(here, 'node_modules/tsumego.js/package.json'), 'utf8')).version}, node ${process.version}).`,
        'Results are for the side to move. Ours is the file\'s claim (the OR player may not rely on ko; seki counts as life for `live`/`kill`).',
        'tsumego.js is asked with the OR player\'s opponent as ko master (km), the matching condition; the other km values are reported when they change the answer.',
        "Seconds: ours = the file claim's `seconds` from `--json`; tsumego.js = its solve with the matching km (process start-up not counted).",
        '',
        md,
        '',
        summary,
        '',
        'In-process times: ours = `in_process_us` of `solve --json` (the file claim\'s analysis and the check of its result); tsumego.js = its solve call with the matching km. One solve per fresh process on both sides (no start-up counted).',
        '',
        `| ${timeHeader.join(' | ')} |`,
        `|${timeHeader.map(() => '---').join('|')}|`,
        ...timeCells.map((c) => `| ${c.map(esc).join(' | ')} |`),
        '',
        timeSummary,
        '',
    ].join('\n');
    writeFileSync(opts.markdown, legend);
    console.log(`markdown written to ${opts.markdown}`);
}
process.exit(0);
