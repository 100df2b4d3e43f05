import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { ApiError, FormError } from '@tessera/kit';
import { ImageField, proofProblem } from './fields';
import { useReloadWallet } from './queries';
import { PAYMENTS_NS } from './translations';
import { uploadDepositProof } from './wallet';

/** The proof of a recorded deposit whose first upload was refused: the reason, and another try. */
export function ProofUpload({ depositId, firstError }: { depositId: number; firstError: unknown }) {
  const { t } = useTranslation(PAYMENTS_NS);
  const reload = useReloadWallet();
  const [proof, setProof] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const messageOf = (refusal: unknown) => (refusal instanceof ApiError && refusal.serverMessage) || t('error_network');
  const upload = useMutation({
    mutationFn: (file: File) => uploadDepositProof(depositId, file),
    onSuccess: () => reload('deposits'),
    onError: (refusal) => setError(messageOf(refusal)),
  });

  if (upload.isSuccess) {
    return (
      <p className="payments__notice" role="status">
        {t('deposit_proof_uploaded')}
      </p>
    );
  }

  function choose(file: File | null) {
    setProof(file);
    const problem = file && proofProblem(file);
    setError(problem ? t(problem.key, problem.values) : null);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = proof ? proofProblem(proof) : { key: 'proof_required', values: {} };
    if (problem) setError(t(problem.key, problem.values));
    else upload.mutate(proof!);
  }

  return (
    <form className="payments__form proof-upload" noValidate onSubmit={onSubmit}>
      <FormError message={t('deposit_proof_failed', { message: messageOf(firstError) })} />
      <ImageField name="proof" label={t('proof')} file={proof} onChange={choose} error={error} required />
      <button type="submit" className="button" disabled={upload.isPending}>
        {t('deposit_proof_upload')}
      </button>
    </form>
  );
}
