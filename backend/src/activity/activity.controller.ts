import { CollectionParamsDto } from '../rarity/index.js';
import { NftTokenParamsDto } from '../explorer/index.js';
import { applyDecorators, Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  ACTIVITY_LIMITS,
  type ActivityPage,
  type CollectionHolderStats,
  type CollectionHoldersPage,
  type HeldTokensPage,
  type TokenOwnersPage,
  type TransfersPerDay,
} from '@nexus/contract';
import { ActivityQueryDto, CursorQueryDto, TransfersPerDayQueryDto } from './activity.dto.js';
import { ActivityService } from './activity.service.js';

const INDEXED =
  'network, indexed, fromBlock, toBlock: `indexed` false (nothing else filled) where the network’s transfer index is off; ' +
  'collection routes there add history {state: queued|reading|complete, percent, …} once a scan asked for the collection’s history';
const PAGE = `items, next (the cursor of the following page, null at the end), ${INDEXED}`;
const NAMES =
  'names: {address: primary ENS name} of the page’s addresses where known (reverse record on Ethereum, checked forward; an address missing has none, or none was found within the page’s short wait)';
const BAD_PAGE = 'A bad network, address, limit or kind, or a cursor this route did not hand out';
const NO_COLLECTION = 'Collection Not Found: the transfer index has seen no transfer of this contract';
const NO_TOKEN = `${NO_COLLECTION}; Token Not Found: the index saw no transfer of it`;

/** A GET route of the transfer index with what it answers: 200, 400 (a bad page by default) and 404 if any. */
function IndexRoute(
  path: string,
  ok: string,
  { notFound, badRequest = BAD_PAGE }: { notFound?: string; badRequest?: string } = {},
): MethodDecorator {
  return applyDecorators(
    ...(notFound ? [ApiNotFoundResponse({ description: notFound })] : []),
    ApiBadRequestResponse({ description: badRequest }),
    ApiOkResponse({ description: ok }),
    Get(path),
  );
}

/** A collection's and a token's owners and activity, from the transfer index (docs/API.md). */
@ApiTags('activity')
@Controller('collections')
export class CollectionActivityController {
  constructor(private readonly activity: ActivityService) {}

  @IndexRoute(
    ':network/:address/nfts/:tokenId/owners',
    `{standard, burned, ${PAGE}, ${NAMES}}; items [{owner, balance, since: {blockNumber, time, txHash}}]: ERC-721 its one owner, ERC-1155 its holders (most units first)`,
    { notFound: NO_TOKEN },
  )
  owners(@Param() params: NftTokenParamsDto, @Query() query: CursorQueryDto): Promise<TokenOwnersPage> {
    return this.activity.tokenOwners(params.network, params.address, params.tokenId, query);
  }

  @IndexRoute(
    ':network/:address/nfts/:tokenId/history',
    `{${PAGE}, ${NAMES}}; items newest first [{kind, from, to, amount, blockNumber, logIndex, position, time, txHash, contract, tokenId, standard}]`,
    { notFound: NO_TOKEN },
  )
  history(@Param() params: NftTokenParamsDto, @Query() query: CursorQueryDto): Promise<ActivityPage> {
    return this.activity.tokenHistory(params.network, params.address, params.tokenId, query);
  }

  @IndexRoute(
    ':network/:address/holders',
    `{holders, held, ${PAGE}, ${NAMES}}; items most tokens first [{owner, tokens, share}] (ERC-1155: units)`,
    { notFound: NO_COLLECTION },
  )
  holders(
    @Param() params: CollectionParamsDto,
    @Query() query: CursorQueryDto,
  ): Promise<CollectionHoldersPage> {
    return this.activity.collectionHolders(params.network, params.address, query);
  }

  @IndexRoute(
    ':network/:address/holder-stats',
    `{holders, held, distribution: [{label, min, max, holders}] for 1, 2-5, 6-24, 25+ tokens, ${INDEXED}}`,
    { notFound: NO_COLLECTION, badRequest: 'A bad network or address' },
  )
  holderStats(@Param() params: CollectionParamsDto): Promise<CollectionHolderStats> {
    return this.activity.holderStats(params.network, params.address);
  }

  @IndexRoute(':network/:address/activity', `{${PAGE}, ${NAMES}}; items newest first, as a token's history`, {
    notFound: NO_COLLECTION,
  })
  activityFeed(
    @Param() params: CollectionParamsDto,
    @Query() query: ActivityQueryDto,
  ): Promise<ActivityPage> {
    return this.activity.activity(params.network, 'collection', params.address, query);
  }

  @IndexRoute(
    ':network/:address/transfers-per-day',
    `{days: [{day: YYYY-MM-DD, transfers}] the last \`days\` UTC days up to today, oldest first, ${INDEXED}}`,
    {
      notFound: NO_COLLECTION,
      badRequest: `A bad network, address or days (1 to ${ACTIVITY_LIMITS.maxDays})`,
    },
  )
  perDay(
    @Param() params: CollectionParamsDto,
    @Query() query: TransfersPerDayQueryDto,
  ): Promise<TransfersPerDay> {
    return this.activity.transfersPerDay(
      params.network,
      params.address,
      query.days ?? ACTIVITY_LIMITS.defaultDays,
    );
  }
}

/** A wallet's activity and what it holds since when, from the transfer index (docs/API.md). */
@ApiTags('activity')
@Controller('wallets')
export class WalletActivityController {
  constructor(private readonly activity: ActivityService) {}

  @IndexRoute(
    ':network/:address/activity',
    `{${PAGE}, ${NAMES}}; what the wallet sent and received, newest first, across collections`,
  )
  activityFeed(
    @Param() { network, address }: CollectionParamsDto,
    @Query() query: ActivityQueryDto,
  ): Promise<ActivityPage> {
    return this.activity.activity(network, 'wallet', address, query);
  }

  @IndexRoute(
    ':network/:address/held',
    `{${PAGE}}; items by contract and token id [{contract, tokenId, standard, balance, since: {blockNumber, time, txHash}}]`,
  )
  held(@Param() params: CollectionParamsDto, @Query() query: CursorQueryDto): Promise<HeldTokensPage> {
    return this.activity.heldTokens(params.network, params.address, query);
  }
}
