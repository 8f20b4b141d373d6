/** The part of web-push (CommonJS, no bundled types) the server uses. */
declare module 'web-push' {
  export interface VapidKeys {
    publicKey: string;
    privateKey: string;
  }
  export interface PushSubscriptionTarget {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }
  export interface RequestDetails {
    method: 'POST';
    headers: Record<string, string | number>;
    body: Buffer | null;
    endpoint: string;
  }
  export interface RequestOptions {
    vapidDetails: { subject: string; publicKey: string; privateKey: string };
    TTL?: number;
    urgency?: 'very-low' | 'low' | 'normal' | 'high';
    topic?: string;
  }
  function generateVAPIDKeys(): VapidKeys;
  function generateRequestDetails(
    subscription: PushSubscriptionTarget,
    payload: string | Buffer | null,
    options: RequestOptions,
  ): RequestDetails;
  const webPush: {
    generateVAPIDKeys: typeof generateVAPIDKeys;
    generateRequestDetails: typeof generateRequestDetails;
  };
  export default webPush;
}
