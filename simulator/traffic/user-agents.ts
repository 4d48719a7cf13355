// Realistic user agents per caller kind, with how common each is.
import type { CallerKind } from '../world/types.ts';

/** User agents and weights, per caller kind. */
export const userAgents: Readonly<Record<CallerKind, readonly (readonly [string, number])[]>> = {
  human: [
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      30,
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      16,
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      20,
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      14,
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 8],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      7,
    ],
    ['EstateShop/4.12.0 (iOS 18.1; iPhone15,2) CFNetwork/1568.200.51 Darwin/24.1.0', 5],
  ],
  automation: [
    ['estate-node-sdk/3.4.1 node/22.11.0', 24],
    ['python-requests/2.32.3', 18],
    ['Go-http-client/2.0', 14],
    ['estate-python-sdk/2.8.0 python/3.12.7', 12],
    ['curl/8.11.0', 8],
    ['axios/1.7.9', 8],
    ['okhttp/4.12.0', 6],
    ['Java-http-client/21.0.5', 5],
    ['Terraform/1.10.0 estate-provider/0.9.2', 3],
    ['PostmanRuntime/7.43.0', 2],
  ],
  assistant: [
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
      30,
    ],
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)',
      22,
    ],
    ['Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)', 12],
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
      10,
    ],
    ['Mozilla/5.0 (compatible; Google-Extended/1.0)', 6],
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
      8,
    ],
    ['Mozilla/5.0 (compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)', 7],
    [
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 (compatible; Gemini-Deep-Research)',
      5,
    ],
  ],
};

/** Every user agent in one list (the dictionary log rows index into), and per kind its slice. */
export const userAgentList: readonly string[] = (['human', 'automation', 'assistant'] as const).flatMap(
  (kind) => userAgents[kind].map(([ua]) => ua),
);
