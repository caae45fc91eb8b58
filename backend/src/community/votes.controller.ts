import { Body, Controller, Get, Param, Post, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { VoteCheckResponse, VoteResponse } from '@nexus/contract';
import type { Request } from 'express';
import { RateLimit } from '../platform/security/index.js';
import { SubmissionIdParams } from './submission.dto.js';
import { CastVoteDto, VoteCheckDto, VoteCheckQueryDto, VoteResultDto } from './vote.dto.js';
import { VotesService } from './votes.service.js';

/** SPEC §7 community votes. */
@ApiTags('community')
@Controller('collection-votes')
export class VotesController {
  constructor(private readonly votes: VotesService) {}

  @Post()
  @RateLimit('vote', 'when this network cast too many votes on this submission within 24 hours (Retry-After)')
  @ApiCreatedResponse({ type: VoteResultDto, description: 'The vote counted; the totals after it' })
  @ApiBadRequestResponse({ description: "voteType must be 'yes' or 'no'; a malformed fingerprint or id" })
  @ApiNotFoundResponse({ description: 'Submission not found' })
  @ApiConflictResponse({
    description: 'Voting is closed for this submission, or this fingerprint voted on it within 24 hours',
  })
  cast(@Body() body: CastVoteDto, @Req() req: Request): Promise<VoteResponse> {
    // req.ip honours TRUST_PROXY: behind a proxy, the client address it forwarded.
    return this.votes.cast(body, req.ip ?? 'unknown');
  }

  @Get(':id/check')
  @ApiOkResponse({ type: VoteCheckDto })
  @ApiBadRequestResponse({ description: 'A malformed id or fingerprint' })
  check(@Param() params: SubmissionIdParams, @Query() query: VoteCheckQueryDto): Promise<VoteCheckResponse> {
    return this.votes.check(params.id, query.fingerprint);
  }
}
