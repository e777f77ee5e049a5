#!/usr/bin/env ruby
puts 'hello'
