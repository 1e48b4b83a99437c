/**
 * Counts the SQL statements a Medusa process sends to PostgreSQL, for the benches' per-order
 * figures. Preloaded into a cluster process (`node -r ./dev/sql-counter.js`, the
 * harness's `countSql: true`) or required by a bench that runs the app in its own process.
 *
 * Every `query()` of node-postgres's Client is counted (knex and MikroORM both go through it),
 * split into transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE) and the rest, and
 * the rest by its first word and table. Connections opened by the development scripts themselves
 * (dev/database.ts names them `dev-scripts`) are counted apart as `probe`, so a bench's own polling
 * can be told from the app's work.
 *
 * With $SQL_COUNT_LOG set (or `logSqlTo(file)`), each statement the app sends is also appended
 * to that file, to read what one order costs.
 * With $SQL_COUNT_FILE set, the counts are written there (a temporary file renamed over it) at
 * most every 200 ms while they change, so a bench in another process reads them.
 * Plain JavaScript: it loads before ts-node is registered.
 */
const Module = require("node:module")
const fs = require("node:fs")

const counts = {
  statements: 0,
  begin: 0,
  commit: 0,
  rollback: 0,
  savepoint: 0,
  probe: 0,
  /** "select shipping_services_shipment" → n: what the statements are. */
  byKind: {},
}

let changed = false
// SQL_COUNT_LOG=<file>: every counted statement appended (slow; to read one order's statements).
let log = process.env.SQL_COUNT_LOG
const CONTROL =
  /^\s*(begin|start transaction|commit|rollback|savepoint|release)\b/i

function kindOf(text) {
  const verb = (text.match(/^\s*(\w+)/) || [, "?"])[1].toLowerCase()
  const table =
    verb === "insert"
      ? text.match(/^\s*insert\s+into\s+"?([\w.]+)"?/i)
      : verb === "update"
        ? text.match(/^\s*update\s+"?([\w.]+)"?/i)
        : verb === "delete"
          ? text.match(/^\s*delete\s+from\s+"?([\w.]+)"?/i)
          : text.match(/\bfrom\s+"?([\w.]+)"?/i)
  return `${verb} ${table ? table[1].replace(/^public\./, "") : ""}`.trim()
}

function count(client, query) {
  const text = typeof query === "string" ? query : query && query.text
  if (typeof text !== "string") return
  changed = true
  const params = client && client.connectionParameters
  if (params && params.application_name === "dev-scripts") {
    counts.probe++
    return
  }
  if (log)
    fs.appendFileSync(
      log,
      `${Date.now()} ${text.replace(/\s+/g, " ").slice(0, 2000)}\n`
    )
  const control = text.match(CONTROL)
  if (control) {
    const word = control[1].toLowerCase()
    if (word === "begin" || word === "start transaction") counts.begin++
    else if (word === "commit") counts.commit++
    else if (word === "rollback") counts.rollback++
    else counts.savepoint++
    return
  }
  counts.statements++
  const kind = kindOf(text)
  counts.byKind[kind] = (counts.byKind[kind] || 0) + 1
}

function patch(pg) {
  const Client = pg && pg.Client
  if (!Client || Client.prototype.__sqlCounted) return
  const query = Client.prototype.query
  Client.prototype.query = function countedQuery(config, ...rest) {
    count(this, config)
    return query.call(this, config, ...rest)
  }
  Client.prototype.__sqlCounted = true
}

// Every copy of `pg` that is loaded from now on (Medusa's, the scripts').
const load = Module._load
Module._load = function loadAndPatch(request, ...rest) {
  const exported = load.call(this, request, ...rest)
  if (request === "pg") patch(exported)
  return exported
}

// Copies loaded before this file (a bench that imported pg first).
for (const id of Object.keys(require.cache))
  if (/[\\/]node_modules[\\/]pg[\\/]lib[\\/]index\.js$/.test(id))
    patch(require.cache[id].exports)

const file = process.env.SQL_COUNT_FILE
function write() {
  if (!file) return
  changed = false
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(counts))
  fs.renameSync(`${file}.tmp`, file)
}
if (file) {
  write()
  setInterval(() => changed && write(), 200).unref()
  process.on("exit", write)
}

/** A copy of the counts now. */
function sqlCounts() {
  return JSON.parse(JSON.stringify(counts))
}

/** Appends every statement from now on to `file` (none: stops). */
function logSqlTo(file) {
  log = file
}

module.exports = { sqlCounts, logSqlTo }
