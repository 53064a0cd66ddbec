// Validate an AsyncAPI document with the official parser (npm's @asyncapi/parser, installed
// by deploy/local/install-asyncapi). Usage: node validate-asyncapi.cjs FILE
// Prints one line per diagnostic ("error|warning|info|hint path: message"), then a summary;
// exits 1 if the parser reports an error (or cannot parse), else 0.
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");

const cache = process.env.REVERIE_CACHE || path.join(os.homedir(), ".cache", "reverie");
const home = path.join(cache, "npm-asyncapi", "node_modules", "@asyncapi", "parser");
const { Parser } = require(home);
const SEVERITY = ["error", "warning", "info", "hint"];

async function main(file) {
  const text = fs.readFileSync(file, "utf8");
  const parser = new Parser();
  const { document, diagnostics } = await parser.parse(text, { source: path.resolve(file) });
  let errors = 0;
  for (const d of diagnostics) {
    const level = SEVERITY[d.severity] || String(d.severity);
    if (d.severity === 0) errors += 1;
    console.log(`${level} ${(d.path || []).join(".")}: ${d.message} (${d.code})`);
  }
  if (!document || errors) {
    console.log(`${file}: INVALID (${errors} errors)`);
    process.exit(1);
  }
  console.log(`${file}: valid AsyncAPI ${document.version()}, ` +
    `${document.channels().length} channels, ${document.operations().length} operations, ` +
    `${document.allMessages().length} messages`);
}

main(process.argv[2]).catch((err) => {
  console.log(`validate-asyncapi: ${err && err.stack ? err.stack : err}`);
  process.exit(1);
});
