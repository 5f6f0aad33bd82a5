// Drives `tsumego-studio gtp` with Sabaki's own GTP library (@sabaki/gtp): its Controller and
// the ControllerStateTracker Sabaki syncs engines with; GNU Go beside it as the referee of the
// rules (the same plays and undos, the boards compared after each step).
//
//   node controller.test.js BIN GNUGO PROBLEMS_DIR RESEARCH_7X7_FILE
//
// Run by tests/it/gtp_sabaki.rs; exits non-zero (with the failed assertion) on a failure.
'use strict'

const assert = require('node:assert/strict')
const {Controller, ControllerStateTracker} = require('@sabaki/gtp')

const [bin, gnugo, problems, research] = process.argv.slice(2)

/** The rows of a `showboard` reply, top first, each a string of `.`, `X`, `O`. */
function boardRows(text) {
  let rows = []
  for (let line of text.split('\n')) {
    let words = line.trim().split(/\s+/)
    if (words.length < 3 || !/^\d+$/.test(words[0])) continue
    let cells = []
    for (let w of words.slice(1)) {
      if (/^\d+$/.test(w)) break
      if (!/^[.+XO]$/.test(w)) break
      cells.push(w === '+' ? '.' : w)
    }
    rows.push(cells.join(''))
  }
  return rows
}

/** A seeded random generator (mulberry32). */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

async function send(engine, name, ...args) {
  return engine.sendCommand({name, args})
}

async function sameBoards(ours, referee, what) {
  let a = boardRows((await send(ours, 'showboard')).content)
  let b = boardRows((await send(referee, 'showboard')).content)
  assert.equal(a.length, 9, `${what}: our board has ${a.length} rows`)
  assert.deepEqual(a, b, `${what}: the boards differ`)
}

/** Plays and undos on both engines, each legal or illegal for both, boards compared. */
async function playsAndUndos(ours, referee) {
  let next = random(20261129)
  let letters = 'ABCDEFGHJ'
  for (let engine of [ours, referee]) {
    await send(engine, 'boardsize', '9')
    await send(engine, 'clear_board')
  }
  let played = 0
  let illegal = 0
  for (let step = 0; step < 400; step++) {
    if (next() < 0.12) {
      let a = await send(ours, 'undo')
      let b = await send(referee, 'undo')
      assert.equal(!!a.error, !!b.error, `step ${step}: undo`)
    } else {
      let color = next() < 0.5 ? 'B' : 'W'
      let vertex =
        next() < 0.03
          ? 'pass'
          : letters[Math.floor(next() * 9)] + (1 + Math.floor(next() * 9))
      let b = await send(referee, 'play', color, vertex)
      let a = await send(ours, 'play', color, vertex)
      assert.equal(!!a.error, !!b.error, `step ${step}: play ${color} ${vertex}: ours "${a.content}", GNU Go "${b.content}"`)
      if (a.error) illegal++
      else played++
    }
    if (step % 10 === 9) await sameBoards(ours, referee, `step ${step}`)
  }
  assert.ok(played > 100 && illegal > 10, `${played} plays, ${illegal} illegal`)
}

/** Sabaki's way of setting a position: the state tracker's sync (clear_board and plays, or undo). */
async function syncLikeSabaki() {
  let history = ['D4', 'E5', 'E4', 'D5', 'C5', 'F4', 'F5', 'E6'].map((v, i) => ({
    name: 'play',
    args: [i % 2 === 0 ? 'B' : 'W', v],
  }))
  let ours = ControllerStateTracker.fromController(bin, ['gtp', '--max-nodes', '20000'])
  let referee = ControllerStateTracker.fromController(gnugo, ['--mode', 'gtp', '--quiet'])
  for (let t of [ours, referee]) {
    t.controller.start()
    await t.sync({komi: 6.5, boardsize: [9, 9], history})
    // Sabaki takes a move back by syncing the shorter history: the tracker sends `undo`.
    await t.sync({komi: 6.5, boardsize: [9, 9], history: history.slice(0, 6)})
  }
  await sameBoards(ours.controller, referee.controller, 'after the sync')
  for (let t of [ours, referee]) await t.controller.stop()
}

async function problemCommands(ours) {
  let loaded = await send(ours, 'loadsgf', `${problems}/01-straight-three-kill.sgf`)
  assert.equal(loaded.content, 'white')
  let solved = await send(ours, 'tsumego_solve')
  assert.match(solved.content, /^proven D1 kills checked -- White kills/)
  let move = await send(ours, 'genmove', 'W')
  assert.equal(move.content, 'D1')
  let bad = await send(ours, 'play', 'B', 'Z99')
  assert.ok(bad.error)
  assert.equal((await send(ours, 'name')).content, 'Tsumego Studio')
}

/** lz-analyze streams `info` lines until the next command, which is then answered. */
async function analysisStreams(ours) {
  await send(ours, 'loadsgf', research)
  let infos = 0
  let named = null
  let analysis = ours.sendCommand({name: 'lz-analyze', args: ['B', '10']}, ({line}) => {
    if (line.startsWith('info move ')) {
      infos++
      assert.match(line, /^info move \S+ visits \d+ winrate \d+ prior 0 order 0 pv /)
      if (named == null) named = send(ours, 'name')
    }
  })
  let response = await analysis
  assert.ok(!response.error)
  assert.ok(infos >= 1, 'no info line')
  assert.equal((await named).content, 'Tsumego Studio')
}

async function main() {
  let ours = new Controller(bin, ['gtp', '--max-nodes', '5000000'])
  let referee = new Controller(gnugo, ['--mode', 'gtp', '--quiet'])
  ours.start()
  referee.start()
  assert.equal((await send(ours, 'protocol_version')).content, '2')
  await playsAndUndos(ours, referee)
  await problemCommands(ours)
  await analysisStreams(ours)
  await ours.stop()
  await referee.stop()
  await syncLikeSabaki()
  console.log('ok: @sabaki/gtp drove the engine; boards agree with GNU Go')
}

main().catch(err => {
  console.error(err)
  process.exit(1)
})
