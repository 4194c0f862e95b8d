// mysql2 (with iconv-lite's encodings) and hdr-histogram-js are most of what the extension's bundle
// runs when it loads, and TiDB Lab loads in every window once the window has started: they are
// loaded the first time a connection opens or a histogram is built instead. esbuild keeps a
// require() inside a function as a call made then, not at load.
/* eslint-disable @typescript-eslint/no-require-imports */
import type * as HdrHistogram from 'hdr-histogram-js';
import type * as Mysql2 from 'mysql2';
import type * as Mysql2Promise from 'mysql2/promise';

let mysql2: typeof Mysql2 | undefined;
let mysql2Promise: typeof Mysql2Promise | undefined;
let hdrHistogram: typeof HdrHistogram | undefined;

export function loadMysql2(): typeof Mysql2 {
  return (mysql2 ??= require('mysql2') as typeof Mysql2);
}

export function loadMysql2Promise(): typeof Mysql2Promise {
  return (mysql2Promise ??= require('mysql2/promise') as typeof Mysql2Promise);
}

export function loadHdrHistogram(): typeof HdrHistogram {
  return (hdrHistogram ??= require('hdr-histogram-js') as typeof HdrHistogram);
}
