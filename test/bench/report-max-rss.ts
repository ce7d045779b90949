// Loaded with `node --import` into a command the export bench measures: when the command exits,
// its peak resident set size, as the last line of its stderr.
process.on('exit', () => {
  process.stderr.write(`\n${JSON.stringify({ maxRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`);
});
