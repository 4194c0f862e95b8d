// Sentences shared by the pre-checks and the error mapping, so a refusal reads the same whether
// the extension foresaw it or the server reported it.

export function describeTable(schema: string, table: string): string {
  return `${schema}.${table}`;
}

export function replicasText(count: number): string {
  return `${count} TiFlash ${count === 1 ? 'replica' : 'replicas'}`;
}

export function noTiFlashSentence(requested: number): string {
  return `TiDB cannot place ${replicasText(requested)}: the cluster has no TiFlash nodes. Add TiFlash nodes to the cluster first.`;
}

export function tooManyReplicasSentence(requested: number, tiflashNodes: number): string {
  return (
    `You asked for ${replicasText(requested)} but the cluster has ${tiflashNodes} TiFlash ${tiflashNodes === 1 ? 'node' : 'nodes'}; ` +
    `choose at most ${tiflashNodes}.`
  );
}

export function stopCachingFirstSentence(subject: string, refused: string): string {
  return `TiDB refuses ${refused} on a cached table: stop caching ${subject} first, make the change, then cache it again.`;
}
