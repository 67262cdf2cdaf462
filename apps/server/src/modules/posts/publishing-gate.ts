import type { PostStatus, PostType } from '@skolportalen/shared';
import type { Executor } from '../../db/client';
import type { Actor } from '../../identity/actor';

/** A write that would leave a post published or scheduled, as the gate sees it. */
export interface PublishingRequest {
  actor: Actor;
  postId: number;
  type: PostType;
  nodeIds: readonly number[];
  title: string;
  /** The status before the write (none for a new post). */
  before: PostStatus | undefined;
  /** The status the write asks for, after its dates. */
  status: PostStatus;
  now: Date;
}

export interface PublishingDecision {
  /** The status to store: the one asked for, or `pending` while it waits for approval. */
  status: PostStatus;
  /** Called with the number of the version the write recorded, in the same transaction. */
  recorded(tx: Executor, versionNumber: number): Promise<void>;
}

/**
 * What decides whether a write may publish (issue 29: approval before
 * publishing). The posts module asks it on every write; the approvals module
 * answers, given to the routes by the API mount, so posts need not know it.
 */
export interface PublishingGate {
  decide(tx: Executor, request: PublishingRequest): Promise<PublishingDecision>;
  /** After approval (or sending back) the gate's own write: nothing more to decide. */
  afterCommit(): void;
}
