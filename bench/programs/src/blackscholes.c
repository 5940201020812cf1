/* blackscholes.c - prices of a portfolio of European options by the
 * Black-Scholes formula, repeated over runs.
 * Modeled on PARSEC's blackscholes (OpenMP version): the option fields are
 * arrays carved out of one allocation by pointer arithmetic (sptprice,
 * strike, rate, volatility, otime), the option type an int array, the
 * price of each option from BlkSchlsEqEuroNoDiv, which calls CNDF; the
 * expert's pragma is on the option loop inside the run loop.
 * Written for weft's benchmark; no code of the original.
 * bench: args=1000000 20 profile=100000 2
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef float fptype;
#define inv_sqrt_2xPI 0.39894228040143270286f
#define PAD 256
#define LINESIZE 64

static fptype CNDF(fptype InputX) {
  int sign;
  fptype OutputX, xInput, xNPrimeofX, expValues, xK2, xK2_2, xK2_3, xK2_4,
      xK2_5, xLocal, xLocal_1, xLocal_2, xLocal_3;
  if (InputX < 0.0f) {
    InputX = -InputX;
    sign = 1;
  } else
    sign = 0;
  xInput = InputX;
  expValues = expf(-0.5f * InputX * InputX);
  xNPrimeofX = expValues * inv_sqrt_2xPI;
  xK2 = 0.2316419f * xInput;
  xK2 = 1.0f + xK2;
  xK2 = 1.0f / xK2;
  xK2_2 = xK2 * xK2;
  xK2_3 = xK2_2 * xK2;
  xK2_4 = xK2_3 * xK2;
  xK2_5 = xK2_4 * xK2;
  xLocal_1 = xK2 * 0.319381530f;
  xLocal_2 = xK2_2 * (-0.356563782f);
  xLocal_3 = xK2_3 * 1.781477937f;
  xLocal_2 = xLocal_2 + xLocal_3;
  xLocal_3 = xK2_4 * (-1.821255978f);
  xLocal_2 = xLocal_2 + xLocal_3;
  xLocal_3 = xK2_5 * 1.330274429f;
  xLocal_2 = xLocal_2 + xLocal_3;
  xLocal_1 = xLocal_2 + xLocal_1;
  xLocal = xLocal_1 * xNPrimeofX;
  xLocal = 1.0f - xLocal;
  OutputX = xLocal;
  if (sign)
    OutputX = 1.0f - OutputX;
  return OutputX;
}

static fptype BlkSchlsEqEuroNoDiv(fptype sptprice, fptype strike,
                                  fptype rate, fptype volatility,
                                  fptype time, int otype, float timet) {
  fptype OptionPrice, xStockPrice = sptprice, xStrikePrice = strike,
                      xRiskFreeRate = rate, xVolatility = volatility,
                      xTime = time, xSqrtTime = sqrtf(xTime);
  fptype logValues = logf(sptprice / strike), xLogTerm = logValues;
  fptype xPowerTerm = xVolatility * xVolatility * 0.5f;
  fptype xD1 = xRiskFreeRate + xPowerTerm;
  xD1 = xD1 * xTime;
  xD1 = xD1 + xLogTerm;
  fptype xDen = xVolatility * xSqrtTime;
  xD1 = xD1 / xDen;
  fptype xD2 = xD1 - xDen;
  fptype d1 = xD1, d2 = xD2;
  fptype NofXd1 = CNDF(d1), NofXd2 = CNDF(d2);
  fptype FutureValueX = xStrikePrice * expf(-(rate) * (time));
  (void)timet;
  if (otype == 0) {
    OptionPrice = (xStockPrice * NofXd1) - (FutureValueX * NofXd2);
  } else {
    fptype NegNofXd1 = 1.0f - NofXd1, NegNofXd2 = 1.0f - NofXd2;
    OptionPrice = (FutureValueX * NegNofXd2) - (xStockPrice * NegNofXd1);
  }
  return OptionPrice;
}

int main(int argc, char **argv) {
  int numOptions = argc > 1 ? atoi(argv[1]) : 1000000;
  int numRuns = argc > 2 ? atoi(argv[2]) : 20;
  if (numOptions < 1 || numRuns < 1) {
    fprintf(stderr, "usage: blackscholes [options] [runs]\n");
    return 1;
  }
  fptype *buffer = malloc(5 * numOptions * sizeof(fptype) + PAD);
  int *otype = malloc(numOptions * sizeof(int));
  fptype *prices = malloc(numOptions * sizeof(fptype));
  if (!buffer || !otype || !prices) {
    fprintf(stderr, "blackscholes: out of memory\n");
    return 1;
  }
  fptype *sptprice =
      (fptype *)(((unsigned long long)buffer + PAD) & ~(LINESIZE - 1));
  fptype *strike = sptprice + numOptions;
  fptype *rate = strike + numOptions;
  fptype *volatility = rate + numOptions;
  fptype *otime = volatility + numOptions;
  srand(1);
  for (int i = 0; i < numOptions; i++) {
    otype[i] = rand() % 2;
    sptprice[i] = 40.0f + (fptype)(rand() % 6000) / 100.0f;
    strike[i] = 40.0f + (fptype)(rand() % 6000) / 100.0f;
    rate[i] = 0.01f + (fptype)(rand() % 900) / 10000.0f;
    volatility[i] = 0.05f + (fptype)(rand() % 6000) / 10000.0f;
    otime[i] = 0.1f + (fptype)(rand() % 1000) / 1000.0f;
  }
  int i, j;
  fptype price;
  for (j = 0; j < numRuns; j++) {
#pragma omp parallel for private(i, price)
    for (i = 0; i < numOptions; i++) {
      price = BlkSchlsEqEuroNoDiv(sptprice[i], strike[i], rate[i],
                                  volatility[i], otime[i], otype[i], 0);
      prices[i] = price;
    }
  }
  double total = 0;
  for (i = 0; i < numOptions; i++)
    total += prices[i];
  printf("blackscholes %d options %d runs: total %.6f first %.6f last %.6f\n",
         numOptions, numRuns, total, prices[0], prices[numOptions - 1]);
  free(buffer);
  free(otype);
  free(prices);
  return 0;
}
