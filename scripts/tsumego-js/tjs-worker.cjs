// Solves one position with tsumego.js; run by compare.mjs in a child process (so that a
// per-problem timeout can kill it). Not meant to be run by hand.
//
// Input (stdin, JSON):
//   { sgf, stm: +1 | -1, kms: [km, ...], ourMove: [x, y] | null, timeOnly?: true }
//   sgf: tsumego.js's format: SZ, AB, AW, PL and MA on one stone of the target block.
//   stm: the side to move (+1 Black, -1 White, tsumego.js's colours).
//   kms: the ko masters to ask, in order (+1 Black, -1 White, 0 nobody); the first one
//        is the one the comparison uses, and the one whose winning moves are listed.
//   ourMove: our first move for stm (board coordinates, 0-based, y from the top), tested
//        with the first km when tsumego.js says stm wins.
//   timeOnly: only the solves (compare.mjs --runs: the time of a solve in a fresh process).
// Output (stdout): one JSON object per line, written as soon as it is known, so that
// compare.mjs keeps what was found before a timeout:
//   {"kind":"setup", rzone, target:[x,y], targetColor} | {"kind":"error", message}
//   {"kind":"solve", km, stmWins, move:[x,y]|null (null = pass), seconds}
//   {"kind":"moves", km, winning:[[x,y]|null...], seconds}
//   {"kind":"ours", km, move:[x,y], legal, wins}
'use strict';
const fs = require('fs');
const tsumego = require('tsumego.js');

const emit = (obj) => fs.writeSync(1, JSON.stringify(obj) + '\n');
const input = JSON.parse(fs.readFileSync(0, 'utf8'));
const { stone } = tsumego;
const now = () => Number(process.hrtime.bigint()) / 1e9;
const coords = (s) => (stone.hascoords(s) ? [stone.x(s), stone.y(s)] : null);

let solver;
try {
    solver = new tsumego.Solver(input.sgf);
} catch (e) {
    emit({ kind: 'error', message: String((e && e.message) || e) });
    process.exit(0);
}
const board = solver.board;
const target = solver.target;
const targetColor = Math.sign(board.get(target));
const expand = solver.args.expand; // the move generator: the r-zone inside the wall
emit({
    kind: 'setup',
    rzone: expand(0).length,
    target: coords(target),
    targetColor,
});

const stm = input.stm;
// Does stm win when it plays `move` (a stone of colour stm, or 0 for a pass) with ko
// master km? The target may be captured by the move itself.
function moveWins(move, km) {
    if (move) {
        if (!solver.play(move)) return { legal: false, wins: false };
    }
    let wins;
    if (!board.get(target)) {
        wins = stm !== targetColor; // the move captured the target
    } else {
        const resp = solver.solve(-stm, km);
        wins = resp * stm > 0;
    }
    if (move) solver.undo();
    return { legal: true, wins };
}

input.kms.forEach((km, i) => {
    const t0 = now();
    const move = solver.solve(stm, km);
    const t1 = now();
    const stmWins = move * stm > 0;
    emit({ kind: 'solve', km, stmWins, move: stmWins ? coords(move) : null, seconds: t1 - t0 });
    if (i !== 0 || !stmWins || input.timeOnly) return;
    if (input.ourMove) {
        const [x, y] = input.ourMove;
        const r = moveWins(stone.make(x, y, stm), km);
        emit({ kind: 'ours', km, move: input.ourMove, legal: r.legal, wins: r.wins });
    }
    const t2 = now();
    const winning = [];
    for (const m of solver.getValidMovesFor(stm)) {
        if (moveWins(m, km).wins) winning.push(coords(m));
    }
    if (board.get(target) && tsumego.block.libs(board.get(target)) > 1 && moveWins(0, km).wins) {
        winning.push(null);
    }
    emit({ kind: 'moves', km, winning, seconds: now() - t2 });
});
