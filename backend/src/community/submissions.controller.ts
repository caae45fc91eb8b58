import { Body, Controller, Get, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { CollectionSubmission, SubmissionCreatedResponse } from '@nexus/contract';
import { RateLimit } from '../platform/security/index.js';
import { CollectionSubmissionDto, CreateSubmissionDto, SubmissionCreatedDto } from './submission.dto.js';
import { SubmissionsService } from './submissions.service.js';

/** SPEC §7 public submission routes (the image upload at …/upload has its own controller). */
@ApiTags('community')
@Controller('collection-submissions')
export class SubmissionsController {
  constructor(private readonly submissions: SubmissionsService) {}

  @Post()
  @RateLimit('submission')
  @ApiCreatedResponse({ type: SubmissionCreatedDto, description: 'In voting for 7 days from now' })
  @ApiBadRequestResponse({ description: 'SPEC §5 form messages, e.g. "Invalid contract address format"' })
  @ApiConflictResponse({ description: 'This collection has already been submitted for this network' })
  create(@Body() body: CreateSubmissionDto): Promise<SubmissionCreatedResponse> {
    return this.submissions.create(body);
  }

  @Get('voting')
  @ApiOkResponse({ type: [CollectionSubmissionDto], description: 'Status voting, the soonest end first' })
  listVoting(): Promise<CollectionSubmission[]> {
    return this.submissions.listVoting();
  }
}
