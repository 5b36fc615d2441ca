import { useMutation } from '@tanstack/react-query';
import { userContract } from '../../../../../shared/contract/user';
import { call } from '../../../api/client';

/** Asks for the signed-in user's account to be deleted: `user/delete_user_account` (asking again changes nothing). */
export const deleteUserAccount = () => call(userContract, 'delete_user_account', {});

export const useDeleteUserAccount = () => useMutation({ mutationFn: deleteUserAccount });
