// Counts in the plan view's header and the gist at the end of a statement read in the singular for
// one: "1 operator" (the demo's plan header said "1 operators"), "1 MPP fragment", the search's
// "1 of 1 operator matches", and "1 row" in another server's gist.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { foreignPlanGist } from '../../../src/extension/plans/foreignPlanGist';
import { planViewStrings } from '../../../src/extension/plans/planViewStrings';
import { findMppFragments, type MppFragments } from '../../../webview/planView/mppFragments';
import { gistText, searchMatchesText } from '../../../webview/planView/planHeader';
import { fill } from '../../../webview/shared/template';
import { fixtureView } from './planViewFixtures';

const t = (message: string, ...args: string[]) => fill(message, ...args);
const strings = planViewStrings(t);

test('the header of a one-operator plan (a real Point_Get) says "1 operator"', () => {
  const plan = fixtureView('point-get.txt');
  assert.equal(plan.nodes.length, 1);
  const gist = gistText(plan, findMppFragments(plan.nodes), strings);
  assert.ok(gist.endsWith(' · 1 operator'), gist);
  assert.doesNotMatch(gist, /\b1 operators\b/);
});

test('more operators and MPP fragments keep the plural; one MPP fragment is "1 MPP fragment"', () => {
  const plan = fixtureView('explain-mpp-shuffle-hash-join.txt');
  const fragments = findMppFragments(plan.nodes);
  assert.ok(plan.nodes.length > 1 && fragments.fragments.length > 1);
  assert.ok(gistText(plan, fragments, strings).endsWith(` · ${plan.nodes.length} operators · ${fragments.fragments.length} MPP fragments`));
  const one: MppFragments = { ...fragments, fragments: fragments.fragments.slice(0, 1) };
  assert.ok(gistText(plan, one, strings).endsWith(` · ${plan.nodes.length} operators · 1 MPP fragment`));
});

test('the search status: "1 of 1 operator matches" in a one-operator plan, "2 of 14 operators match" otherwise', () => {
  assert.equal(searchMatchesText(1, 1, strings), '1 of 1 operator matches');
  assert.equal(searchMatchesText(2, 14, strings), '2 of 14 operators match');
  assert.equal(searchMatchesText(1, 14, strings), '1 of 14 operators match');
});

test("another server's gist counts its EXPLAIN rows: 1 row, 3 rows", () => {
  assert.equal(foreignPlanGist(t, 'MariaDB', 1), 'MariaDB plan · 1 row · no TiDB analysis');
  assert.equal(foreignPlanGist(t, 'MariaDB', 3), 'MariaDB plan · 3 rows · no TiDB analysis');
});
