function y = smooth(x, n)
% SMOOTH  Moving average of x over n samples.
%   y = smooth(x, n) returns a vector the size of x.
if nargin < 2
    n = 5;
end
kernel = ones(1, n) / n;
y = conv(x, kernel, 'same');
end
