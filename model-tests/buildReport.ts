import { buildReport, REPORT_DIR } from './report';

// Run after the e2e step: rebuilds the state-coverage pages with the transitions the app took in
// Chromium beside the model coverage.
await buildReport();
console.log(`state coverage report: ${REPORT_DIR}/index.html`);
