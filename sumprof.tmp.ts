import fs from 'node:fs';
import { summarize } from './bench/profileSummary';
console.log(summarize(JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))));
