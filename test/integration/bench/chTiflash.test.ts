// `ch prepare --tiflash-replica=1 --wait-tiflash` on TiDB, against the TiDB stand-in (test/standin/,
// which answers ALTER TABLE ... SET TIFLASH REPLICA and information_schema.tiflash_replica with a
// replica whose PROGRESS grows by replicaProgressPerSecond, as TiDB reports catching up): a replica
// on each of go-tpc's twelve tables, and prepare returns only once every one is available.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestStandIn } from '../../standin/testStandIn';
import type { TiDBStandIn } from '../../standin/tidbStandIn';
import { db, dropDatabase, freshDatabase, query } from './support/benchFixtures';
import { DatabaseSession } from '../../../src/core/db/databaseSession';
import { CH_ALL_TABLES } from '../../../src/core/bench/ch/chSchema';
import { prepareChTables } from '../../../src/core/bench/ch/prepareChTables';
import { createTableStatements } from '../../../src/core/bench/tpcc/tpccSchema';
import type { ReplicaWatchStatus } from '../../../src/core/tidb/replicaProgressWatch';

let standIn: TiDBStandIn;
let database: string;

before(async () => {
  database = await freshDatabase('chtiflash');
  // the TPC-C tables, empty: the replicas are about the tables, not their rows
  for (const { sql } of createTableStatements({ warehouses: 1, parts: 1, partitionType: 1, useFk: false, useClusteredIndex: true }))
    await query(database, sql);
  standIn = await startTestStandIn({ replicaProgressPerSecond: 0.5 });
});

after(async () => {
  await standIn.close();
  await dropDatabase(database);
});

test(
  '--tiflash-replica=1 --wait-tiflash: a replica on each of the 12 tables, waited for until available',
  { timeout: 120_000 },
  async () => {
    const session = await DatabaseSession.open(
      { id: 't', name: 't', host: db.host, port: standIn.port, user: db.user, database, tls: 'off', passwordMode: 'empty' },
      db.password,
    );
    assert.equal(session.identity.flavor, 'tidb');
    const progress: ReplicaWatchStatus[][] = [];
    const log: string[] = [];
    try {
      await prepareChTables(session, {
        database,
        tiflashReplica: 1,
        waitForTiflash: true,
        analyze: false,
        onLog: (line) => log.push(line),
        onReplicaProgress: (statuses) => progress.push(statuses),
      });
      assert.deepEqual(
        log.filter((line) => line.startsWith('creating tiflash replica for ')),
        CH_ALL_TABLES.map((table) => `creating tiflash replica for ${table}`),
      );
      assert.ok(progress.length > 1 && progress[0].some((status) => status.phase === 'replicating'), 'it waited');
      assert.ok(progress.at(-1)?.every((status) => status.phase === 'ready'));
      const replicas = await session.query(
        'SELECT TABLE_NAME, REPLICA_COUNT, AVAILABLE, PROGRESS FROM information_schema.tiflash_replica WHERE TABLE_SCHEMA = ?',
        [database],
      );
      assert.deepEqual(replicas.map((row) => String(row.TABLE_NAME)).sort(), [...CH_ALL_TABLES].sort());
      for (const row of replicas) assert.deepEqual([Number(row.REPLICA_COUNT), Number(row.AVAILABLE), Number(row.PROGRESS)], [1, 1, 1]);
    } finally {
      await session.close();
    }
  },
);
