// Who drives a request, read from its User-Agent: one classifier for the simulator's log sample,
// the server's request log and the mocks, so a live call and a simulated one are counted alike.

/** Who mostly drives a request (the spec's caller kinds). */
export type CallerKind = 'human' | 'automation' | 'assistant';

/**
 * AI assistants and their crawlers, by the product token they send. "Agents" in the console are
 * these only; search-engine and monitoring bots are automation.
 */
const assistantTokens =
  /\b(?:ChatGPT-User|OAI-SearchBot|GPTBot|Claude-User|Claude-Web|ClaudeBot|anthropic-ai|Perplexity-User|PerplexityBot|Google-Extended|Gemini-Deep-Research|Gemini|MistralAI-User|DuckAssistBot|cohere-ai|YouBot|meta-externalagent)\b/i;

/** Anything that calls itself a bot, crawler or spider and is not an assistant. */
const otherBots = /bot|crawler|spider|headless/i;

/** A browser (Mozilla/5.0 …) or a native app on Apple's networking stack. */
const interactive = /^Mozilla\/5\.0 \(|\bCFNetwork\//;

const cache = new Map<string, CallerKind>();
const cacheLimit = 512;

function classify(userAgent: string): CallerKind {
  if (assistantTokens.test(userAgent)) return 'assistant';
  if (otherBots.test(userAgent)) return 'automation';
  return interactive.test(userAgent) ? 'human' : 'automation';
}

/**
 * The caller kind of a User-Agent: assistant for AI agents' tokens, human for browsers and native
 * apps, automation for everything else (SDKs, curl, scripts, other bots, and no User-Agent at all).
 */
export function callerKindOf(userAgent: string | undefined): CallerKind {
  if (!userAgent) return 'automation';
  let kind = cache.get(userAgent);
  if (kind === undefined) {
    kind = classify(userAgent);
    // A server sees few distinct agents; a flood of made-up ones must not grow memory.
    if (cache.size >= cacheLimit) cache.clear();
    cache.set(userAgent, kind);
  }
  return kind;
}
