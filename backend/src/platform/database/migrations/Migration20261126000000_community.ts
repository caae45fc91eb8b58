import { Migration } from '@mikro-orm/migrations';

/**
 * Community submissions and their votes (SPEC §3, §4). The database holds the rules that must
 * survive concurrency: one submission per contract and network, vote totals that add up, votes
 * deleted with their submission.
 */
export class Migration20261126000000_community extends Migration {
  override up(): void {
    this.addSql(
      `create table "collection_submission" ("id" bigserial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "contract_address" varchar(42) not null, "network" varchar(32) not null, "name" varchar(200) not null, "description" text not null default '', "website" text not null default '', "discord" text not null default '', "twitter" text not null default '', "telegram" text not null default '', "banner_url" text not null default '', "logo_url" text not null default '', "submitter_email" text not null default '', "submitter_contact" text not null default '', "status" varchar(16) not null default 'voting', "yes_votes" int not null default 0, "no_votes" int not null default 0, "total_votes" int not null default 0, "voting_ends_at" timestamptz null, "admin_notes" text null, "reviewed_at" timestamptz null, "reviewed_by" varchar(64) null);`,
    );
    // Unique on the lower-cased address: the check keeps every stored address lower-case.
    this.addSql(
      `alter table "collection_submission" add constraint "collection_submission_network_contract_address_unique" unique ("network", "contract_address");`,
    );
    this.addSql(
      `alter table "collection_submission" add constraint "collection_submission_contract_address_check" check ("contract_address" = lower("contract_address"));`,
    );
    this.addSql(
      `alter table "collection_submission" add constraint "collection_submission_status_check" check ("status" in ('pending', 'voting', 'approved', 'rejected'));`,
    );
    this.addSql(
      `alter table "collection_submission" add constraint "collection_submission_votes_check" check ("yes_votes" >= 0 and "no_votes" >= 0 and "total_votes" = "yes_votes" + "no_votes");`,
    );
    // GET /api/collection-submissions/voting: status voting, soonest end first.
    this.addSql(
      `create index "collection_submission_status_voting_ends_at_index" on "collection_submission" ("status", "voting_ends_at");`,
    );
    // Admin list, newest first, with and without the status filter.
    this.addSql(
      `create index "collection_submission_status_created_at_index" on "collection_submission" ("status", "created_at");`,
    );
    this.addSql(
      `create index "collection_submission_created_at_index" on "collection_submission" ("created_at");`,
    );

    this.addSql(
      `create table "collection_vote" ("id" bigserial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "submission_id" bigint not null references "collection_submission" ("id") on delete cascade, "vote_type" varchar(3) not null, "voter_fingerprint" varchar(64) not null, "ip_hash" varchar(64) not null);`,
    );
    this.addSql(
      `alter table "collection_vote" add constraint "collection_vote_vote_type_check" check ("vote_type" in ('yes', 'no'));`,
    );
    // The two 24 h windows of a vote: by fingerprint and by address, per submission.
    this.addSql(
      `create index "collection_vote_submission_id_voter_fingerprint_created_at_index" on "collection_vote" ("submission_id", "voter_fingerprint", "created_at");`,
    );
    this.addSql(
      `create index "collection_vote_submission_id_ip_hash_created_at_index" on "collection_vote" ("submission_id", "ip_hash", "created_at");`,
    );
  }

  override down(): void {
    this.addSql('drop table if exists "collection_vote" cascade;');
    this.addSql('drop table if exists "collection_submission" cascade;');
  }
}
