import { Body, Controller, Delete, Get, Param, Patch, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type {
  AdminCollectionSubmission,
  SubmissionDeletedResponse,
  SubmissionStats,
  SubmissionUpdatedResponse,
} from '@nexus/contract';
import { AdminGuard } from '../admin-access/index.js';
import {
  AdminCollectionSubmissionDto,
  SubmissionDeletedDto,
  SubmissionIdParams,
  SubmissionListQueryDto,
  SubmissionStatsDto,
  SubmissionUpdatedDto,
  UpdateSubmissionDto,
} from './submission.dto.js';
import { SubmissionsService } from './submissions.service.js';

/** SPEC §7 admin review of community submissions; every route needs the admin session. */
@ApiTags('admin')
@ApiCookieAuth('admin')
@ApiUnauthorizedResponse({ description: 'Admin session required' })
@UseGuards(AdminGuard)
@Controller('admin/collection-submissions')
export class AdminSubmissionsController {
  constructor(private readonly submissions: SubmissionsService) {}

  @Get()
  @ApiOkResponse({
    type: [AdminCollectionSubmissionDto],
    description: 'Newest first, with the submitter contact',
  })
  @ApiBadRequestResponse({ description: 'An unknown status' })
  list(@Query() query: SubmissionListQueryDto): Promise<AdminCollectionSubmission[]> {
    return this.submissions.list(query.status);
  }

  @Get('stats')
  @ApiOkResponse({ type: SubmissionStatsDto })
  stats(): Promise<SubmissionStats> {
    return this.submissions.stats();
  }

  @Patch(':id')
  @ApiOkResponse({
    type: SubmissionUpdatedDto,
    description: "reviewedAt = now and reviewedBy = 'Admin' are stamped by the server",
  })
  @ApiConflictResponse({ description: 'Auto-approve refused, with the reason' })
  @ApiNotFoundResponse({ description: 'Submission not found' })
  update(
    @Param() params: SubmissionIdParams,
    @Body() body: UpdateSubmissionDto,
  ): Promise<SubmissionUpdatedResponse> {
    return this.submissions.update(params.id, body);
  }

  @Delete(':id')
  @ApiOkResponse({ type: SubmissionDeletedDto, description: 'The submission and its votes are gone' })
  @ApiNotFoundResponse({ description: 'Submission not found' })
  remove(@Param() params: SubmissionIdParams): Promise<SubmissionDeletedResponse> {
    return this.submissions.remove(params.id);
  }
}
