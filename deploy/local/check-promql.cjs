// Parse PromQL expressions with Prometheus' own grammar (npm's @prometheus-io/lezer-promql,
// installed by deploy/local/install-asyncapi). Usage: node check-promql.cjs < exprs.json
// (a JSON array of strings). Prints "error N at C: EXPR" for each expression the grammar
// cannot parse and exits 1 if there is one; else prints "N expressions parse" and exits 0.
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");

const cache = process.env.REVERIE_CACHE || path.join(os.homedir(), ".cache", "reverie");
const { parser } = require(
  path.join(cache, "npm-asyncapi", "node_modules", "@prometheus-io", "lezer-promql"));

const exprs = JSON.parse(fs.readFileSync(0, "utf8"));
let bad = 0;
exprs.forEach((expr, i) => {
  const tree = parser.parse(expr);
  let at = -1;
  tree.iterate({ enter: (node) => { if (at < 0 && node.type.isError) at = node.from; } });
  if (at >= 0) {
    bad += 1;
    console.log(`error ${i} at ${at}: ${expr}`);
  }
});
console.log(`${exprs.length - bad} of ${exprs.length} expressions parse`);
process.exit(bad ? 1 : 0);
