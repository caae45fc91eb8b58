import { TransactionReceiptNotFoundError, type Hash, type TransactionReceipt } from 'viem';

/**
 * The receipt of a transaction sent to an automining anvil. Anvil may answer for a transaction a
 * moment before its receipt can be read, and then mines no later block; viem's
 * waitForTransactionReceipt looks again only when a new block comes, so one early miss waits out its
 * whole timeout (seen once in a hundred-odd suite runs: 180 s). This asks again every 10 ms.
 */
export async function minedReceipt(
  client: { getTransactionReceipt(args: { hash: Hash }): Promise<TransactionReceipt> },
  hash: Hash,
  timeoutMs = 120_000,
): Promise<TransactionReceipt> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await client.getTransactionReceipt({ hash });
    } catch (error) {
      if (!(error instanceof TransactionReceiptNotFoundError) || Date.now() > until) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
