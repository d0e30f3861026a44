import type { Db } from '../db/client.js';
import type { CardPaymentProvider } from '../payments/CardPaymentProvider.js';
import type { StoreContext } from '../engine/resourceTypes.js';
import type { Storage } from '../storage/Storage.js';
import type { PendingUploads } from '../uploads/PendingUploads.js';
import { hashPassword } from '../auth/passwords.js';
import { mailPasswordLink, unknownPasswordHash } from '../auth/passwordLinks.js';
import { keepUploads } from '../uploads/storedPendingUploads.js';
import { cancelBeforeDelete } from '../subscribers/subscriptionService.js';

/** What the resources' rules may call, built from the app's parts: the services they need, passed down rather than imported. */
export function storeContext(parts: { storage: Storage; pending: PendingUploads; cardPayments: CardPaymentProvider; mailConfigured: boolean }): StoreContext {
  return {
    storage: parts.storage,
    pending: parts.pending,
    keepUploads,
    hashPassword,
    cancelSubscriptionOf: (db: Db, userId: number) => cancelBeforeDelete(db, parts.cardPayments, userId),
    unknownPasswordHash,
    mailPasswordLink,
    mailConfigured: parts.mailConfigured,
  };
}
