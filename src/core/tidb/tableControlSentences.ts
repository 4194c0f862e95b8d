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

/**
 * What the replica count picker says to text typed into it that is not one of its counts: the range,
 * and why it ends there. undefined for text that is one of them (or empty).
 */
export function replicaCountRangeSentence(typed: string, counts: readonly number[], tiflashNodes: number): string | undefined {
  const text = typed.trim();
  if (text === '' || counts.length === 0) return undefined;
  const min = Math.min(...counts);
  const max = Math.max(...counts);
  const range = min === max ? `${replicasText(min)}` : `${min} to ${max} replicas`;
  const nodes = `${tiflashNodes} TiFlash ${tiflashNodes === 1 ? 'node' : 'nodes'}`;
  if (!/^-?\d+$/.test(text)) return `Type or pick a count from ${range}.`;
  const asked = Number(text);
  if (counts.includes(asked)) return undefined;
  if (asked > max) return `${replicasText(asked)} is more than the cluster can hold: it has ${nodes}, so choose ${range}.`;
  return `${asked < 0 ? 'A replica count cannot be negative' : `${asked} is not offered here`}: choose ${range} (the cluster has ${nodes}).`;
}
