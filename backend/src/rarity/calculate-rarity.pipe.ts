import { BadRequestException, Injectable, type PipeTransform, type ValidationError } from '@nestjs/common';
import { validate } from 'class-validator';
import { CalculateRarityDto } from './calculate-rarity.dto.js';

export const NOT_AN_OBJECT = 'Request body must be a JSON object with nfts, contractAddress and network';

function messages(errors: ValidationError[]): string[] {
  return errors.flatMap((e) => [...Object.values(e.constraints ?? {}), ...messages(e.children ?? [])]);
}

/**
 * Validates POST /api/calculate-rarity with the global pipe's rules (unknown fields refused, one 400
 * message) but copies the body shallowly: class-transformer would walk every token and attribute,
 * which costs more than ranking them. The controller reads the body itself, so the global
 * ValidationPipe leaves it to this pipe.
 */
@Injectable()
export class CalculateRarityPipe implements PipeTransform<unknown, Promise<CalculateRarityDto>> {
  transform(value: unknown): Promise<CalculateRarityDto> {
    return this.check(value);
  }

  /**
   * `nftsProblem`: `nfts` was checked elsewhere (the rarity thread, for a large body) and is left out
   * of `value`: null when it passed, else what was wrong with it.
   */
  async check(value: unknown, nftsProblem?: string | null): Promise<CalculateRarityDto> {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new BadRequestException(NOT_AN_OBJECT);
    }
    // Own keys only, each defined as a field: a `__proto__` key (JSON.parse makes it an own key) is
    // one more unknown field, not the copy's prototype (Object.assign would set it, and validation
    // would then fail on an object that is no DTO).
    const dto = new CalculateRarityDto();
    const body = value as Record<string, unknown>;
    for (const key of Object.keys(body)) {
      Object.defineProperty(dto, key, {
        value: body[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    if (nftsProblem !== undefined) dto.nfts = [];
    if (typeof dto.contractAddress === 'string') dto.contractAddress = dto.contractAddress.trim();
    const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
    // Validation skips a `__proto__` field: refused here as any unknown field is.
    const proto = Object.hasOwn(body, '__proto__') ? ['property __proto__ should not exist'] : [];
    const found = [...proto, ...(nftsProblem ? [nftsProblem] : []), ...messages(errors)];
    if (found.length > 0) throw new BadRequestException(found.join('; '));
    if (nftsProblem !== undefined) dto.nfts = undefined;
    return dto;
  }
}
