// The hand-computed blast fixture (tests/simulator/views/blast/blast-fixture.ts) as the query
// modules' Workspace, for the tests of src/queries/blast/ and src/what-if/.
import type { Workspace } from '../../../src/node/db.ts';
import { useFixture, type FixtureValue } from '../../helpers/fixture-db.ts';
import { blastFixture } from '../../simulator/views/blast/blast-fixture.ts';

/** Registers the fixture's hooks for a test file; call the result inside tests for the Workspace. */
export function useBlastWorkspace(): () => Workspace {
  const fixture = useFixture(blastFixture);
  return () => {
    const db = fixture();
    return {
      query: (sql, params) => db.query(sql, params as Record<string, FixtureValue> | undefined),
      close: () => {},
    };
  };
}
