// Console paths built from ids, where a page names a target its rows carry no href for.

/** A consumer's page: `/app/api/consumers/<consumer_id>` (the consumer views' `href`). */
export const consumerPath = (consumerId: string): string => `/app/api/consumers/${consumerId}`;
