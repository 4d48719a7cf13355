// `npm run operators -- add|list|role|token|remove …`: the console's operators (docs/operators.md).
// Each operator signs in with a token of their own, printed once by `add` and `token` and kept only
// as its SHA-256. Operators live in the management journal (Postgres with DATABASE_URL, else the
// issued-keys file), each change with its audit entry, the actor `cli`, as the keys CLIs write. A
// running server sees every change within a second.
import { Refusal, runCli, UsageError, type CliSpec } from './lib/cli-args.ts';
import { cliActor, openLocalManage } from './manage/local.ts';
import { LedgerOperatorDirectory } from '../server/operators/ledger-directory.ts';
import {
  addOperator,
  changeRole,
  listOperators,
  OperatorRefusal,
  reissueToken,
  removeOperator,
} from '../server/operators/operators.ts';

const spec = {
  command: 'npm run operators',
  usage: `usage: npm run operators -- <command> …

  add <name> --role <role>     adds an operator and prints their sign-in token (shown once)
  list [--json]                lists operators: id, name, role, added
  role <id or name> <role>     changes a role; open sessions have it within a second
  token <id or name>           prints a new sign-in token; the old one and its sessions end
  remove <id or name>          removes an operator; their sessions end

The last admin is neither removed nor demoted unless --leave-no-admin is given: with no admin no one
manages operators from the console, and with no operator the console is open to anyone who reaches
it (unless CONSOLE_TOKEN is set).

Roles: viewer (reads), operator (changes in sandbox and staging), admin (production changes and
operators). Every change is in the audit trail (npm run audit:verify), in the management journal:
Postgres with DATABASE_URL, else ESTATE_ISSUED_KEYS (data/issued-keys.jsonl). Tokens are kept only
as SHA-256 hashes.`,
  options: { role: 'string', json: 'boolean', 'leave-no-admin': 'boolean' },
  maxPositionals: 3,
} satisfies CliSpec<{ role: 'string'; json: 'boolean'; 'leave-no-admin': 'boolean' }>;

function tokenLines(token: string): string {
  return `Sign-in token (shown once; give it to them privately, it is stored only as a hash):\n${token}`;
}

await runCli(spec, async ({ positionals: [command, first, second], values }) => {
  const need = (value: string | undefined, what: string): string => {
    if (!value) throw new UsageError(`${command}: name ${what}`);
    return value;
  };
  const extra = (count: number) => {
    if ([command, first, second].filter(Boolean).length > count)
      throw new UsageError(`${command} takes ${count - 1} argument${count === 2 ? '' : 's'}`);
  };
  const lastAdmin = { leaveNoAdmin: values['leave-no-admin'] === true };
  const manage = await openLocalManage({ workspace: false });
  const directory = new LedgerOperatorDirectory(manage.deps);
  const by = { actor: cliActor(), requestId: null, sourceAddress: null, userAgent: 'estate-cli' };
  try {
    if (command === 'add') {
      extra(2);
      const { operator, token } = await addOperator(
        directory,
        {
          name: need(first, 'the operator: add <name> --role <role>'),
          role: need(values.role, 'a role with --role viewer|operator|admin'),
        },
        by,
      );
      console.log(
        `Added ${operator.operator_id} (${operator.name}, ${operator.role}).\n${tokenLines(token)}`,
      );
    } else if (command === 'list') {
      extra(1);
      const operators = await listOperators(directory);
      if (values.json) console.log(JSON.stringify(operators.map(({ token_hash_sha256: _h, ...op }) => op)));
      else if (operators.length === 0)
        console.log('No operators (the console is open unless CONSOLE_TOKEN is set).');
      else
        for (const op of operators)
          console.log(`${op.operator_id}  ${op.role.padEnd(8)}  ${op.created_at}  ${op.name}`);
    } else if (command === 'role') {
      extra(3);
      const op = await changeRole(
        directory,
        need(first, 'the operator: role <id or name> <role>'),
        need(second, 'the role'),
        by,
        lastAdmin,
      );
      console.log(`${op.operator_id} (${op.name}) is now ${op.role}; open sessions have it within a second.`);
    } else if (command === 'token') {
      extra(2);
      const { operator, token } = await reissueToken(
        directory,
        need(first, 'the operator: token <id or name>'),
        by,
      );
      console.log(
        `New token for ${operator.operator_id} (${operator.name}); the old one and its sessions have ended.\n${tokenLines(token)}`,
      );
    } else if (command === 'remove') {
      extra(2);
      const op = await removeOperator(
        directory,
        need(first, 'the operator: remove <id or name>'),
        by,
        lastAdmin,
      );
      console.log(`Removed ${op.operator_id} (${op.name}); their sessions have ended.`);
    } else {
      throw new UsageError(
        command
          ? `unknown command ${JSON.stringify(command)}`
          : 'name a command: add, list, role, token or remove',
      );
    }
  } catch (error) {
    throw error instanceof OperatorRefusal ? new Refusal(error.message) : error;
  } finally {
    await manage.close();
  }
});
