import { ApiProperty, getSchemaPath } from '@nestjs/swagger';
import {
  CONNECTION_REFUSALS,
  QUEUED_SCAN_LIMITS,
  RATE_LIMIT_POLICIES,
  type ClearSuspiciousIpRequest,
  type ClearSuspiciousIpResponse,
  type ConnectionRefusal,
  type RateLimitStatus,
  type SecurityStatus,
  type SuspiciousIp,
} from '@nexus/contract';
import { ValidateBy } from 'class-validator';
import { isClientKey } from '../platform/security/index.js';
import { SuccessDto } from '../platform/answers/index.js';

/** POST /api/admin/clear-suspicious-ip body. */
export class ClearSuspiciousIpDto implements ClearSuspiciousIpRequest {
  @ApiProperty({
    description: 'An address as listed: IPv4, IPv6, or an IPv6 /64 (IPv6 clients are counted by /64)',
    example: '203.0.113.7',
  })
  @ValidateBy({
    name: 'isClientKey',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.length <= 64 && isClientKey(value),
      defaultMessage: () => 'ip must be an IPv4 or IPv6 address',
    },
  })
  ip!: string;
}

export class ClearSuspiciousIpResponseDto extends SuccessDto implements ClearSuspiciousIpResponse {
  @ApiProperty({ description: 'False when the address was not listed (its budgets are reset anyway)' })
  cleared!: boolean;
}

export class RateLimitStatusDto implements RateLimitStatus {
  @ApiProperty({
    description:
      'Requests the busiest client made in its current window (may pass the limit: refused ones count)',
  })
  current!: number;

  @ApiProperty({ description: 'Requests allowed per client address per window' }) limit!: number;

  @ApiProperty({
    description: "Milliseconds until the busiest client's window ends (0 when nothing is counted)",
  })
  resetIn!: number;

  @ApiProperty({ description: 'Window length in milliseconds' }) windowMs!: number;
}

export class ApiKeysStatusDto {
  @ApiProperty({ description: 'True when no key is missing' }) valid!: boolean;

  @ApiProperty({
    type: [String],
    description:
      'Variables of API keys the configuration would use but that are unset, or that the provider refused within the last hour',
    example: ['ALCHEMY_API_KEY'],
  })
  missing!: string[];
}

export class SuspiciousIpDto implements SuspiciousIp {
  @ApiProperty({ example: '203.0.113.7', description: 'IPv4 address or IPv6 /64' }) ip!: string;

  @ApiProperty({ description: 'Windows in which it went over a limit, within the breach window' })
  rateLimitBreaches!: number;

  @ApiProperty({ description: 'Failed admin logins within the login window' }) failedLogins!: number;
  @ApiProperty({ format: 'date-time', description: 'Latest event' }) lastSeenAt!: string;
}

export class SecurityStatusDto implements SecurityStatus {
  @ApiProperty({ type: ApiKeysStatusDto }) apiKeys!: ApiKeysStatusDto;

  @ApiProperty({
    type: 'object',
    description: `One entry per policy: ${RATE_LIMIT_POLICIES.join(', ')}; and the scan queue's limits: ${QUEUED_SCAN_LIMITS.perClient} (scans queued or running of the client with the most) and ${QUEUED_SCAN_LIMITS.total} (of everyone), with resetIn and windowMs 0`,
    additionalProperties: { $ref: getSchemaPath(RateLimitStatusDto) },
  })
  rateLimits!: Record<string, RateLimitStatusDto>;

  @ApiProperty({ description: 'Browsers connected to the live-progress socket, across every API process' })
  activeUserSessions!: number;

  @ApiProperty({ type: [SuspiciousIpDto] }) suspiciousIPs!: SuspiciousIpDto[];

  @ApiProperty({
    type: 'object',
    description: `Refusals of the connection limits within the last 24 hours, across every API process: ${CONNECTION_REFUSALS.join(', ')} (docs/API.md "Connections and sockets")`,
    properties: Object.fromEntries(CONNECTION_REFUSALS.map((kind) => [kind, { type: 'integer' }])),
    required: [...CONNECTION_REFUSALS],
  })
  connectionRefusals!: Record<ConnectionRefusal, number>;
}
